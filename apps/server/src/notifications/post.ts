/**
 * The webhook's and the push message's POST. It connects only to the addresses the target check approved (`pinned`): Node
 * asks our `lookup` instead of DNS, so the name is not resolved again between the check and the
 * connection. A fresh agent per request means no kept-alive socket from an earlier check is reused,
 * and redirects are never followed (a 3xx is a failed send, not a trip to an unchecked address).
 */
import type { LookupFunction } from 'node:net';
import http from 'node:http';
import https from 'node:https';
import type { PinnedAddress } from './targets';

/** A `lookup` that answers every name with the checked addresses, in either of the shapes Node asks for. */
export function pinnedLookup(pinned: PinnedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: PinnedAddress[]) => void)(null, pinned);
    else callback(null, pinned[0]!.address, pinned[0]!.family);
  };
}

/** POST `body` as JSON; resolves with the status code. `pinned` undefined: any address (WEBHOOK_TARGETS=any). */
export function postJson(url: string, body: unknown, pinned: PinnedAddress[] | undefined, timeoutMs: number): Promise<number> {
  return postBytes(url, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify(body)), pinned, timeoutMs);
}

/** POST these bytes with these headers (a push message: encrypted body, VAPID headers); resolves with the status code. */
export function postBytes(
  url: string,
  headers: Record<string, string>,
  payload: Buffer,
  pinned: PinnedAddress[] | undefined,
  timeoutMs: number,
): Promise<number> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': payload.length },
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
        ...(pinned ? { lookup: pinnedLookup(pinned) } : {}),
      },
      (res) => {
        // The answer's body is of no use to us: close without reading it.
        res.destroy();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
