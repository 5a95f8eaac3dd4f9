/**
 * What a socket's permessage-deflate stream holds once it has compressed one message, with the
 * server's settings (WIRE_DEFLATE): ws keeps it for the socket's life unless it is let go
 * (src/transport/deflate-release.ts).
 *
 *   node --expose-gc --import tsx apps/server/bench/deflate-memory.ts
 *
 * Not a test: nothing asserts a size.
 */
import zlib from 'node:zlib';
import { WIRE_DEFLATE } from '../src/transport/socket-session';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const n = 4000;
const message = Buffer.from(JSON.stringify({ xs: Array.from({ length: 800 }, (_, i) => ({ i, s: `area${i}` })) }));
const rss = () => process.memoryUsage().rss / 1048576;
gc();
const before = rss();
const held: zlib.DeflateRaw[] = [];
let done = 0;
for (let i = 0; i < n; i++) {
  const d = zlib.createDeflateRaw({ ...WIRE_DEFLATE.zlibDeflateOptions, windowBits: WIRE_DEFLATE.serverMaxWindowBits });
  d.on('data', () => undefined);
  d.write(message);
  d.flush(zlib.constants.Z_SYNC_FLUSH, () => {
    d.reset(); // as ws does without context takeover
    if (++done < n) return;
    gc();
    console.log(`${n} streams kept after one ${message.length}-byte message: ${(((rss() - before) * 1024) / n).toFixed(1)} KB of RSS each`);
    for (const s of held) s.close();
  });
  held.push(d);
}
