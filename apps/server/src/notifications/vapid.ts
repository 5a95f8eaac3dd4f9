/**
 * The server's VAPID key pair (RFC 8292): push services accept our pushes only when they are signed
 * with the key the browser subscribed with, so the pair must outlive restarts and be the same in
 * every server process. Given by the operator (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY), or made on the
 * first start and kept in the store as a side record of no match, so SQLite and PostgreSQL both keep it.
 */
import type WebPush from 'web-push';
import { lazyModule } from '../core/lazy-module';
import type { SqlStorage } from '../storage';

/** Loaded on first use (core/lazy-module.ts). */
const webpush = lazyModule<typeof WebPush>('web-push');
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
  const made = webpush().generateVAPIDKeys();
  // Two processes starting together may both make a pair: only the first stored counts (stored only
  // if none is there), and the other takes it from the store. A pair each kept for itself would sign
  // pushes with a key the browsers did not subscribe with.
  if (await storage.swapSide(...PLACE, undefined, made)) return made;
  const stored = await storage.getSide(...PLACE);
  if (!isKeys(stored)) throw new Error('the stored VAPID keys are unreadable');
  return stored;
}

/** The contact in our VAPID signature when VAPID_SUBJECT is not set: the site itself if it is https. */
export function vapidSubject(publicUrl: string | undefined): string {
  return publicUrl?.startsWith('https://') ? publicUrl : 'mailto:push@invalid.example';
}
