/**
 * "Notify me on this device": this browser's Web Push subscription, given to the server for one
 * match member (apps/server/src/notifications/routes.ts). The browser asks for permission only when
 * the player clicks, never on its own.
 */
import type { z } from 'zod';
import type { pushInfo as pushInfoSchema } from '@kon/protocol';
import { call } from '../api';
import { pushBlock, pushStep } from './pushReason';
import { activeWorker } from './serviceWorker';

/** The server's VAPID key (null: it sends no push) and this member's devices with push on. */
export type PushInfo = z.infer<typeof pushInfoSchema>;

const path = (matchID: string) => `/api/matches/${encodeURIComponent(matchID)}/notifications/push`;

export type PushSupport = 'yes' | 'no-browser' | 'denied';

export function pushSupport(): PushSupport {
  const block = pushBlock();
  return block === null ? 'yes' : block === 'denied' ? 'denied' : 'no-browser';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export const pushInfo = (matchID: string, credentials: string) => call<PushInfo>('GET', path(matchID), undefined, credentials);

/** This browser's current subscription endpoint, if it has one. */
export async function currentEndpoint(): Promise<string | null> {
  if (pushSupport() === 'no-browser') return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription())?.endpoint ?? null;
}

/** Ask for permission (from a click), subscribe this browser, and give the subscription to the server. */
export async function turnOnPush(matchID: string, credentials: string, publicKey: string, lang: 'nb' | 'en'): Promise<PushInfo> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('permission');
  // A worker that never starts (a private window) or a push service that never answers would leave
  // the click hanging without a word: each step has a time limit and says which step failed.
  const reg = await pushStep('worker', activeWorker(), 15_000);
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another server key cannot carry our pushes: replace it.
  const key = sub?.options.applicationServerKey;
  if (sub && key && !sameKey(new Uint8Array(key), keyBytes(publicKey))) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await pushStep(
    'subscribe',
    reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
    20_000,
  );
  const json = sub.toJSON();
  return call<PushInfo>('POST', path(matchID), { endpoint: json.endpoint, keys: json.keys, lang }, credentials);
}

/** Stop pushes of this match to this browser (the subscription stays for the player's other matches). */
export async function turnOffPush(matchID: string, credentials: string, endpoint: string): Promise<PushInfo> {
  return call<PushInfo>('DELETE', path(matchID), { endpoint }, credentials);
}

function sameKey(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Matches that arrived from the player's other devices (devices/linkedList.ts): if this device has
 * push on, it is turned on for them too, so every linked device hears of every match. Nothing is
 * asked of the player here (no permission prompt): a device without push stays without.
 */
export async function pushToArrivedMatches(matches: { matchID: string; credentials: string }[], lang: 'nb' | 'en'): Promise<void> {
  if (matches.length === 0 || pushSupport() !== 'yes' || Notification.permission !== 'granted') return;
  const sub = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
  if (!sub) return;
  const { endpoint, keys } = sub.toJSON();
  for (const m of matches) await call('POST', path(m.matchID), { endpoint, keys, lang }, m.credentials).catch(() => undefined);
}
