/**
 * One "My matches" list across a player's devices (apps/server/src/devices): this device's token and
 * the list's key are kept in localStorage; the list goes to the server only encrypted (AES-GCM with
 * that key), so the seat credentials in it stay readable only on the player's own devices. Merging is
 * a union by match: a match joined on any device appears on all of them.
 */
import type { z } from 'zod';
import type { deviceLink, deviceList, redeemed } from '@kon/protocol';
import { call, remember, rememberedMatches, type Joined, type Remembered } from '../api';

const KEY = 'kon.device';
interface Device {
  token: string | null;
  /** The list's AES-256 key, base64url (never sent to the server: it travels in a link's #fragment). */
  key: string;
}
/** What the encrypted list holds per match: enough to list it and to open it as that member. */
export interface Entry {
  matchID: string;
  member: Joined;
  createdAt: number;
}

const b64 = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
function unb64(s: string): Uint8Array<ArrayBuffer> {
  const raw = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function readDevice(): Device | null {
  try {
    const d = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Device | null;
    return d && typeof d.key === 'string' ? d : null;
  } catch {
    return null;
  }
}
function saveDevice(d: Device) {
  try {
    localStorage.setItem(KEY, JSON.stringify(d));
  } catch {
    /* storage blocked: linking does not outlive the page */
  }
}

/** Whether this device is linked to a player (has a device token). */
export function isLinked(): boolean {
  return !!readDevice()?.token;
}

async function aesKey(key: string) {
  return crypto.subtle.importKey('raw', unb64(key), 'AES-GCM', false, ['encrypt', 'decrypt']);
}
async function seal(key: string, entries: Entry[]): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await aesKey(key), new TextEncoder().encode(JSON.stringify(entries))),
  );
  const out = new Uint8Array(iv.length + ct.length);
  out.set(iv);
  out.set(ct, iv.length);
  return b64(out);
}
async function open(key: string, blob: string): Promise<Entry[]> {
  const bytes = unb64(blob);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, await aesKey(key), bytes.slice(12));
  const list = JSON.parse(new TextDecoder().decode(plain)) as Entry[];
  return Array.isArray(list) ? list.filter((e) => typeof e?.matchID === 'string' && typeof e.member?.credentials === 'string') : [];
}

function localEntries(): Entry[] {
  return rememberedMatches()
    .filter((r): r is Remembered & { member: Joined } => !!r.member)
    .map((r) => ({ matchID: r.matchID, member: r.member, createdAt: r.createdAt }));
}

/**
 * A link for another device: opening it there links that device to this player. Made on demand;
 * the code is good for 10 minutes, once. Links this device first if it is not yet.
 */
export async function makeDeviceLink(origin: string): Promise<{ link: string; expiresAt: number }> {
  const d = readDevice() ?? { token: null, key: b64(crypto.getRandomValues(new Uint8Array(32))) };
  const made = await call<z.infer<typeof deviceLink>>('POST', '/api/devices/link', undefined, d.token ?? undefined);
  if (made.deviceToken) d.token = made.deviceToken;
  saveDevice(d);
  await syncList();
  return { link: `${origin}/#link=${made.code}.${d.key}`, expiresAt: made.expiresAt };
}

/** The link's part after #link=, if this page was opened with one. */
export function linkInHash(hash: string): { code: string; key: string } | null {
  const m = /^#link=(l_[A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{43})$/.exec(hash);
  return m ? { code: m[1]!, key: m[2]! } : null;
}

/** Link this device with a code from another one; then both lists merge. */
export async function redeemDeviceLink(code: string, key: string): Promise<Entry[]> {
  const { deviceToken } = await call<z.infer<typeof redeemed>>('POST', '/api/devices/redeem', { code });
  saveDevice({ token: deviceToken, key });
  return syncList();
}

/**
 * Merge this device's list with the player's: matches only the server's copy has are remembered here,
 * and the union is written back. Answers the matches that arrived. A device that is not linked does nothing.
 */
export async function syncList(): Promise<Entry[]> {
  const d = readDevice();
  if (!d?.token) return [];
  const arrived: Entry[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const { blob, version } = await call<z.infer<typeof deviceList>>('GET', '/api/devices/list', undefined, d.token);
    const theirs = blob ? await open(d.key, blob) : [];
    const mine = new Set(localEntries().map((e) => e.matchID));
    for (const e of theirs)
      if (!mine.has(e.matchID)) {
        remember(e.matchID, { member: e.member, createdAt: e.createdAt });
        arrived.push(e);
      }
    const all = localEntries();
    if (all.length === theirs.length && blob) return arrived;
    try {
      await call('PUT', '/api/devices/list', { blob: await seal(d.key, all.slice(0, 200)), version }, d.token);
      return arrived;
    } catch (e) {
      // Another device wrote in between: read its change and merge again.
      if ((e as { code?: string }).code !== 'list_changed') throw e;
    }
  }
  return arrived;
}
