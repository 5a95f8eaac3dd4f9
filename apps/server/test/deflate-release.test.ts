/**
 * The one place we write a library's private members (src/transport/deflate-release.ts: ws's
 * per-message compressor): its start-up check passes on the ws that engine.io brings, refuses a ws
 * shaped otherwise (and then nothing is patched), and the patched compressor still compresses and
 * lets its zlib stream go. When ws changes what the patch relies on, this file fails.
 * updates.test.ts checks the same release through a real socket.
 */
import { constants, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  deflateReleaseRefusal,
  engineDeflate,
  type PerMessageDeflateClass,
  releaseDeflateAfterEachMessage,
} from '../src/transport/deflate-release';

/** A compressor of a server socket that agreed on no context takeover, as ws makes one. */
function serverDeflate(PMD: PerMessageDeflateClass) {
  const d = new PMD({ isServer: true, serverNoContextTakeover: true, threshold: 0 }) as unknown as {
    accept(offers: Record<string, unknown[]>[]): Record<string, unknown>;
    compress(data: Buffer, fin: boolean, cb: (err: Error | null, out?: Buffer) => void): void;
    _deflate: unknown;
  };
  d.accept([{}]);
  return d;
}

describe("ws's compressor, released after each message", () => {
  it('finds the ws that engine.io uses shaped as the release expects', () => {
    expect(deflateReleaseRefusal(engineDeflate())).toBeNull();
  });

  it('refuses a ws shaped otherwise, and leaves it unpatched', () => {
    class Renamed {
      _isServer = true;
      params = null;
      _zlib = null;
      _compress(_data: unknown, _fin: boolean, _cb: unknown) {
        return this._zlib;
      }
    }
    const original = Renamed.prototype._compress;
    const refusal = releaseDeflateAfterEachMessage(Renamed as unknown as PerMessageDeflateClass);
    expect(refusal).toMatch(/no longer resets|no _deflate/);
    expect(Renamed.prototype._compress).toBe(original);
  });

  it('still compresses each message whole, and lets the zlib stream go after it', async () => {
    const PMD = engineDeflate();
    expect(releaseDeflateAfterEachMessage(PMD)).toBeNull();
    const d = serverDeflate(PMD);
    const text = JSON.stringify({ log: Array.from({ length: 200 }, (_, i) => `line ${i}`) });
    for (let round = 0; round < 2; round++) {
      const out = await new Promise<Buffer>((resolve, reject) =>
        d.compress(Buffer.from(text), true, (err, data) => (err ? reject(err) : resolve(data!))),
      );
      // A message without context takeover inflates on its own (the 4 flush bytes ws strips added back).
      const whole = Buffer.concat([out, Buffer.from([0, 0, 0xff, 0xff])]);
      expect(inflateRawSync(whole, { finishFlush: constants.Z_SYNC_FLUSH }).toString()).toBe(text);
      expect(out.length).toBeLessThan(text.length / 2);
      expect(d._deflate).toBeNull();
    }
  });
});
