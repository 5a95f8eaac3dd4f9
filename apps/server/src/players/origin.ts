/**
 * Where a request came from. A browser names the page that sent a request in Origin (every POST,
 * PUT, PATCH, DELETE of fetch and forms) and, in current browsers, in Sec-Fetch-Site. A
 * state-changing request whose page is not this site is cross-origin: with a cookie, it could act
 * for the person without their knowing (cross-site request forgery). A request naming no page at
 * all is no browser's (curl, a test, a bot) and carries no one's cookie by accident.
 */
import type Koa from 'koa';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this request was served at (behind a trusted proxy: the one it forwarded). */
export function servedOrigin(ctx: Koa.Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}

export function isCrossOrigin(ctx: Koa.Context, trusted: readonly string[]): boolean {
  if (SAFE.has(ctx.method)) return false;
  const origin = ctx.get('Origin');
  // The host decides, as for the sockets (transport/socket-session.ts): a proxy that ends TLS and does
  // not say so (X-Forwarded-Proto) still serves the page's own host.
  if (origin) return !trusted.includes(origin) && hostOf(origin) !== ctx.host;
  const site = ctx.get('Sec-Fetch-Site');
  return site !== '' && site !== 'same-origin' && site !== 'none';
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
