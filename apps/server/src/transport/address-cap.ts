import type http from 'node:http';
import type { EventEmitter } from 'node:events';

/** An engine.io connection as the cap sees it: its handshake request, its end, and how to end it. */
export interface CappedConnection extends EventEmitter {
  readonly request: http.IncomingMessage;
  close(): void;
}

/**
 * Open socket connections per client address in this process, and the cap on them. Every connection
 * is counted from its handshake to its close; one that takes its address over the cap is marked, its
 * namespace connect is refused with a code (socket-session.ts) and it is closed. Counted per process
 * only: a shared count would need a Redis round trip per connect and a way to forget the sockets of a
 * process that died; the proxy in front caps the whole (docs/operating.md).
 */
export class AddressCap {
  private readonly open = new Map<string, number>();
  private readonly over = new WeakSet<CappedConnection>();

  constructor(
    private readonly cap: number,
    private readonly addressOf: (req: http.IncomingMessage) => string,
  ) {}

  /** A new connection: counted until it closes. 'over' when it is one too many ('first' the first such while the address is over). */
  opened(conn: CappedConnection): { verdict: 'ok' } | { verdict: 'over'; address: string; first: boolean } {
    const address = this.addressOf(conn.request);
    const n = (this.open.get(address) ?? 0) + 1;
    this.open.set(address, n);
    conn.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    });
    if (n <= this.cap) return { verdict: 'ok' };
    this.over.add(conn);
    return { verdict: 'over', address, first: n === this.cap + 1 };
  }

  /** Whether this connection was one too many for its address when it opened. */
  isOver(conn: CappedConnection): boolean {
    return this.over.has(conn);
  }
}
