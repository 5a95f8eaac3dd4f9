/** A Host header we are willing to echo into a header: name or IPv4 or [IPv6], optional port. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The Content-Security-Policy of every response. The built client needs nothing inline: scripts and
 * styles come from our own files (React sets style attributes through the DOM, which style-src
 * 'self' allows), fonts are ours, and images are ours or inline SVG data. socket.io talks to the
 * same host; CSP3 browsers count ws:/wss: of our host as 'self', older ones need it spelled out.
 */
export function contentSecurityPolicy(host?: string): string {
  const sockets = host && HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${sockets}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
