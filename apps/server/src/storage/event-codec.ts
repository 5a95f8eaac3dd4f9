import zlib from 'node:zlib';

/**
 * How the embedded store keeps an event row's entries and actions: one raw-deflate blob of the JSON
 * `[entries, actions]`. A move's public log entries and its boardgame.io action repeat each other's
 * words (the move's arguments appear in both): compressed together a real game's events take 37 %
 * less room than the two JSON texts (218 → 137 KB over 795 moves), for ~0.03 ms per move.
 */
export function encodeEvent(entries: unknown[], actions: unknown[]): Buffer {
  return zlib.deflateRawSync(JSON.stringify([entries, actions]));
}

export function decodeEvent(body: Buffer): { entries: unknown[]; actions: unknown[] } {
  const [entries, actions] = JSON.parse(zlib.inflateRawSync(body).toString('utf8')) as [unknown[], unknown[]];
  return { entries, actions };
}
