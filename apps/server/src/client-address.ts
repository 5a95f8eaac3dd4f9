import type http from 'node:http';

/**
 * The request's host as Koa gives it for HTTP (ctx.host), for requests Koa never sees (socket.io's
 * own): with TRUST_PROXY the proxy's X-Forwarded-Host is believed, its first entry as Koa takes it;
 * without, only the Host header.
 */
export function requestHost(req: http.IncomingMessage, trustProxy: boolean): string | undefined {
  return (trustProxy ? first(req.headers['x-forwarded-host']) : undefined) || req.headers.host;
}

function first(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}
