/**
 * The server's VAPID key pair (RFC 8292): push services accept our pushes only when they are signed
 * with the key the browser subscribed with, so the pair must outlive restarts and be the same in
 * every server process. Given by the operator (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY), or made when
 * first needed (a push, or the key a device subscribes with) and kept in the store as a side record
 * of no match, so SQLite and PostgreSQL both keep it.
 */
import { createECDH } from 'node:crypto';
import type { SqlStorage } from '../storage';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The side record's place: no match has an empty id, so a wipe of a match never takes it. */
const PLACE = ['', 'vapid', 'keys'] as const;

function isKeys(v: unknown): v is VapidKeys {
  const k = v as Partial<VapidKeys> | undefined;
  return typeof k?.publicKey === 'string' && typeof k.privateKey === 'string';
}

export async function vapidKeys(storage: SqlStorage, given: VapidKeys | undefined): Promise<VapidKeys> {
  if (given) return given;
  const kept = await storage.getSide(...PLACE);
  if (isKeys(kept)) return kept;
  const made = newVapidKeys();
  // Two processes starting together may both make a pair: only the first stored counts (stored only
  // if none is there), and the other takes it from the store. A pair each kept for itself would sign
  // pushes with a key the browsers did not subscribe with.
  if (await storage.swapSide(...PLACE, undefined, made)) return made;
  const stored = await storage.getSide(...PLACE);
  if (!isKeys(stored)) throw new Error('the stored VAPID keys are unreadable');
  return stored;
}

/**
 * A new P-256 pair as web-push's generateVAPIDKeys makes it (base64url, the private key padded to 32
 * bytes, the public one uncompressed, 65 bytes), without loading web-push and its ASN.1 and big-number
 * modules at a first start: they load when a push is first sent (push.ts).
 */
export function newVapidKeys(): VapidKeys {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const padded = (b: Buffer, size: number) => (b.length < size ? Buffer.concat([Buffer.alloc(size - b.length), b]) : b);
  return {
    publicKey: padded(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: padded(curve.getPrivateKey(), 32).toString('base64url'),
  };
}

/** The contact in our VAPID signature when VAPID_SUBJECT is not set: the site itself if it is https. */
export function vapidSubject(publicUrl: string | undefined): string {
  return publicUrl?.startsWith('https://') ? publicUrl : 'mailto:push@invalid.example';
}
