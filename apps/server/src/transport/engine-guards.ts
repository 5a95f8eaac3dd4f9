import type http from 'node:http';
import type { Server as IOServer } from 'socket.io';
import { requestHost } from '../client-address';
import type { TransportOptions } from './types';

/**
 * What socket.io's own HTTP answers get before any namespace: the security headers every other answer
 * of the server has (polling, the websocket upgrade and engine.io's refusals alike: engine middlewares
 * run first).
 */
export function guardEngine(io: IOServer, opts: TransportOptions) {
  io.engine.use((req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => {
    const headers = opts.securityHeaders?.(requestHost(req, opts.trustProxy ?? false)) ?? {};
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  });
}
