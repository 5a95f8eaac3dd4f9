import { contentSecurityPolicy } from './csp';

/**
 * What the site may ask the browser for (Permissions-Policy): copying a match's links (clipboard
 * writes) and passkeys (WebAuthn) from our own pages; every other powerful feature for nobody, us
 * and frames alike. Notifications and push are not under Permissions-Policy: their own prompt asks.
 */
const PERMISSIONS_POLICY = [
  'clipboard-write=(self)',
  'publickey-credentials-get=(self)',
  'publickey-credentials-create=(self)',
  ...[
    'accelerometer',
    'autoplay',
    'camera',
    'clipboard-read',
    'display-capture',
    'encrypted-media',
    'fullscreen',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'picture-in-picture',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

/** HSTS for a year once the site is reached over https; not for subdomains, which may not be ours. */
const HSTS = 'max-age=31536000';

/**
 * The security headers of every answer of the server: Koa's (API, pages, errors) and socket.io's own
 * (polling and the websocket upgrade). `host` is the request's, for the socket addresses of the CSP;
 * `https`: the site is served over https (PUBLIC_URL), so browsers are told to keep to it.
 */
export function securityHeaders(host: string | undefined, https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(host),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    // Our pages share no window with another site's, and our files are for our own pages (CORS
    // requests from ORIGINS are not affected: CORP governs no-cors loads only).
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
