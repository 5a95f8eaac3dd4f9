import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const PATCHED = Symbol.for('kon.deflateReleased');

type Compress = (this: PerMessageDeflate, data: unknown, fin: boolean, cb: (err: Error | null, out?: Buffer) => void) => void;
interface PerMessageDeflate {
  _isServer: boolean;
  params: Record<string, unknown> | null;
  _deflate: { close(): void } | null;
  _compress: Compress;
}

/**
 * Lets each socket's compressor go once a compressed message is out, when no context is carried from
 * one message to the next (our WIRE_DEFLATE says so: serverNoContextTakeover). ws keeps a socket's zlib
 * stream for the socket's whole life otherwise: its 16 KB output buffer and zlib's own state, ~40 KB
 * for every socket that was ever sent a large message, which is every socket (the sync that starts it
 * is one). Without context takeover the next message would start from a reset stream anyway, so a new
 * one (made by ws when it needs it) compresses exactly the same.
 *
 * Patches the ws that engine.io (socket.io's engine) uses; idempotent.
 */
export function releaseDeflateAfterEachMessage(): void {
  const engineRequire = createRequire(require.resolve('engine.io'));
  // ws exports only its entry point; its files are reached by path.
  const wsDir = path.dirname(engineRequire.resolve('ws/package.json'));
  const proto = (engineRequire(path.join(wsDir, 'lib', 'permessage-deflate.js')) as { prototype: PerMessageDeflate }).prototype;
  const marked = proto as unknown as Record<symbol, boolean>;
  if (marked[PATCHED]) return;
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
}

/** The compressor a server-side socket.io socket holds now (tests). */
export function heldDeflate(socket: { conn: { transport: unknown } }): unknown {
  const ws = (socket.conn.transport as { socket?: { _extensions?: Record<string, PerMessageDeflate> } }).socket;
  return ws?._extensions?.['permessage-deflate']?._deflate ?? null;
}
