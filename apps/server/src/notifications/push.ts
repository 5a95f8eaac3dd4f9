/**
 * One Web Push message to one device (RFC 8030, encrypted per RFC 8291, signed per RFC 8292). The
 * `web-push` library encrypts and signs; the request itself goes through our own POST, which connects
 * only to the addresses the target check approved, as webhooks do: the endpoint is an address the
 * browser gave us, so it gets the same SSRF rules (targets.ts) at save and at every send.
 */
import type WebPush from 'web-push';
import { lazyModule } from '../core/lazy-module';
import type { PushMessage } from './message';
import { postBytes } from './post';
import type { PushTarget } from './settings';
import { checkWebhookTarget, type TargetPolicy } from './targets';
import type { VapidKeys } from './vapid';

/** Loaded on first use (core/lazy-module.ts). */
const webpush = lazyModule<typeof WebPush>('web-push');
export interface PushSender {
  /** The server's VAPID keys, made or read at the first push or key asked for (vapid.ts). */
  keys: () => Promise<VapidKeys>;
  subject: string;
  policy: TargetPolicy;
}

/** `gone`: the push service says this subscription no longer exists (404/410); the caller forgets it. */
export type PushOutcome = 'sent' | 'gone';

/** Longest a push service keeps an undelivered message for us (its own limit is about four weeks). */
const MAX_TTL_S = 28 * 86_400;

export async function sendPush(sender: PushSender, target: PushTarget, msg: PushMessage, ttlMs: number | undefined): Promise<PushOutcome> {
  const check = await checkWebhookTarget(target.endpoint, sender.policy, 'push endpoint');
  if (check.refusal !== null) throw new Error(check.refusal);
  // A "your move" is stale once the decision's time is up: the push service may drop it then.
  const ttl = Math.max(60, Math.min(MAX_TTL_S, Math.ceil((ttlMs ?? 7 * 86_400_000) / 1000)));
  const { publicKey, privateKey } = await sender.keys();
  const req = webpush().generateRequestDetails({ endpoint: target.endpoint, keys: target.keys }, JSON.stringify(msg), {
    vapidDetails: { subject: sender.subject, publicKey, privateKey },
    TTL: ttl,
    contentEncoding: 'aes128gcm',
    urgency: 'high',
    // A newer "your move" of the same match replaces one still waiting at the push service.
    topic: msg.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
  });
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k] = String(v);
  const status = await postBytes(target.endpoint, headers, req.body, check.pinned, 10_000);
  if (status === 404 || status === 410) return 'gone';
  if (status < 200 || status > 299) throw new Error(`push service answered ${status}`);
  return 'sent';
}
