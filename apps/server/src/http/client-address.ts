import type http from 'node:http';

/**
 * The client's address and the request's host as Koa gives them for HTTP (ctx.ip, ctx.host), for
 * requests Koa never sees (socket.io's own). With TRUST_PROXY the proxy's X-Forwarded-For and
 * X-Forwarded-Host are believed, their first entry as Koa takes it; without, only the connection and
 * its Host header. The HTTP rate limits and the socket cap so count the same client the same way.
 */
export function clientAddress(req: http.IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? first(req.headers['x-forwarded-for']) : undefined;
  return forwarded || req.socket.remoteAddress || '';
}

export function requestHost(req: http.IncomingMessage, trustProxy: boolean): string | undefined {
  return (trustProxy ? first(req.headers['x-forwarded-host']) : undefined) || req.headers.host;
}

function first(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}
