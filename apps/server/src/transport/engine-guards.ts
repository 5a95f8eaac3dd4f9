import type http from 'node:http';
import type { Server as IOServer } from 'socket.io';
import type { SocketRefusal } from '@kon/protocol';
import { clientAddress, requestHost } from '../http/client-address';
import type { Logger } from '../core/log';
import { AddressCap, type CappedConnection } from './address-cap';
import type { TransportOptions } from './types';

/** How long a connection over the cap may stay open without asking for a namespace (its refusal goes then). */
const OVER_CAP_GRACE_MS = 5_000;

/**
 * What socket.io's own HTTP answers and connections get before any namespace: the security headers
 * every other answer of the server has (polling, the websocket upgrade and engine.io's refusals alike:
 * engine middlewares run first), and the cap on open connections per client address. A connection over
 * the cap is refused at its namespace connect with `too_many_connections` (the client's connect_error,
 * `err.data.code`) and then closed, so it neither hangs nor stays.
 */
export function guardEngine(io: IOServer, opts: TransportOptions, log: Logger, namespaces: readonly string[]) {
  io.engine.use((req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => {
    const headers = opts.securityHeaders?.(requestHost(req, opts.trustProxy ?? false)) ?? {};
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  });

  if (opts.socketsPerAddress === undefined) return;
  const cap = new AddressCap(opts.socketsPerAddress, (req) => clientAddress(req, opts.trustProxy ?? false));
  io.engine.on('connection', (conn: CappedConnection) => {
    const r = cap.opened(conn);
    if (r.verdict === 'ok') return;
    if (r.first) log.warn('socket cap reached', { address: r.address, cap: opts.socketsPerAddress });
    setTimeout(() => conn.close(), OVER_CAP_GRACE_MS).unref();
  });
  const refuseOverCap = (socket: { conn: unknown }, next: (err?: Error) => void) => {
    if (!cap.isOver(socket.conn as CappedConnection)) return next();
    opts.metrics?.refusal('too_many_connections');
    const refusal: SocketRefusal = { code: 'too_many_connections' };
    next(Object.assign(new Error('Too many connections from this address.'), { data: refusal }));
    // socket.io sends the refusal on the next tick; the close waits for it to be written.
    setImmediate(() => (socket.conn as CappedConnection).close());
  };
  for (const name of ['/', ...namespaces]) io.of(name).use(refuseOverCap);
}
