import { engineWsDeflate } from './engine-ws';
const PATCHED = Symbol.for('kon.deflateReleased');

type Compress = (this: PerMessageDeflate, data: unknown, fin: boolean, cb: (err: Error | null, out?: Buffer) => void) => void;
interface PerMessageDeflate {
  _isServer: boolean;
  params: Record<string, unknown> | null;
  _deflate: { close(): void } | null;
  _compress: Compress;
}

/** ws's PerMessageDeflate class, with the few members the release reads and writes. */
export interface PerMessageDeflateClass {
  new (options?: Record<string, unknown>): PerMessageDeflate;
  prototype: PerMessageDeflate;
}

/** The PerMessageDeflate of the ws that engine.io (socket.io's engine) uses. */
export function engineDeflate(): PerMessageDeflateClass {
  return engineWsDeflate() as PerMessageDeflateClass;
}

/**
 * The start-up check before ws's private members are touched: null when this ws is shaped as the
 * release was written for (ws 8: `_compress(data, fin, callback)`, which resets the stream of a
 * message sent without context takeover; `_isServer`, `params` and `_deflate` on each instance),
 * else what differs. A ws that differs is left alone: its sockets then keep their compressors (more
 * memory, the same bytes on the wire), and the log says so.
 */
export function deflateReleaseRefusal(PMD: PerMessageDeflateClass): string | null {
  const compress = PMD.prototype?._compress as unknown;
  if (typeof compress !== 'function' || compress.length !== 3) return 'PerMessageDeflate#_compress(data, fin, callback) is gone';
  const source = compress.toString();
  if (!/_no_context_takeover/.test(source) || !/\.reset\(\)/.test(source))
    return 'PerMessageDeflate#_compress no longer resets the stream of a message without context takeover';
  const probe = new PMD({ isServer: true }) as unknown as Record<string, unknown>;
  for (const field of ['_isServer', 'params', '_deflate'])
    if (!Object.hasOwn(probe, field)) return `PerMessageDeflate instances have no ${field}`;
  if (probe._isServer !== true || probe._deflate !== null || probe.params !== null)
    return 'PerMessageDeflate instances start differently (_isServer, _deflate, params)';
  return null;
}

/**
 * Lets each socket's compressor go once a compressed message is out, when no context is carried from
 * one message to the next (our WIRE_DEFLATE says so: serverNoContextTakeover). ws keeps a socket's zlib
 * stream for the socket's whole life otherwise: its 16 KB output buffer and zlib's own state, ~40 KB
 * for every socket that was ever sent a large message, which is every socket (the sync that starts it
 * is one). Without context takeover the next message would start from a reset stream anyway, so a new
 * one (made by ws when it needs it) compresses exactly the same.
 *
 * Patches the ws that engine.io uses, after deflateReleaseRefusal found it shaped as expected;
 * idempotent. Answers why it did not patch (null: patched). test/deflate-release.test.ts fails when
 * ws changes what this relies on.
 */
export function releaseDeflateAfterEachMessage(PMD: PerMessageDeflateClass = engineDeflate()): string | null {
  const proto = PMD.prototype;
  const marked = proto as unknown as Record<symbol, boolean>;
  if (marked[PATCHED]) return null;
  const refusal = deflateReleaseRefusal(PMD);
  if (refusal) return refusal;
  const compress = proto._compress;
  proto._compress = function (this: PerMessageDeflate, data, fin, cb) {
    compress.call(this, data, fin, (err, out) => {
      const endpoint = this._isServer ? 'server' : 'client';
      if (fin && this.params?.[`${endpoint}_no_context_takeover`] && this._deflate) {
        // ws has already reset the stream and cleared its callback: nothing is in flight on it.
        this._deflate.close();
        this._deflate = null;
      }
      cb(err, out);
    });
  };
  marked[PATCHED] = true;
  return null;
}

/** The compressor a server-side socket.io socket holds now (tests). */
export function heldDeflate(socket: { conn: { transport: unknown } }): unknown {
  const ws = (socket.conn.transport as { socket?: { _extensions?: Record<string, PerMessageDeflate> } }).socket;
  return ws?._extensions?.['permessage-deflate']?._deflate ?? null;
}
