/**
 * Where a member's webhook may point. A webhook is a request our server makes to an address a player
 * typed: without a check it could reach the server's own network (a database, a cloud metadata
 * service). With WEBHOOK_TARGETS=public (the default) only public addresses are allowed, checked when
 * the address is saved and again on every send (DNS may change).
 */
import dns from 'node:dns/promises';
import net from 'node:net';

function privateV4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number) as [number, number];
  return (
    a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 198 && (b === 18 || b === 19)) || a >= 224
  );
}

export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) return privateV4(ip);
  const v6 = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (mapped) return privateV4(mapped[1]!);
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe8') || v6.startsWith('fe9') ||
    v6.startsWith('fea') || v6.startsWith('feb') || v6.startsWith('ff');
}

export type TargetPolicy = 'public' | 'any' | 'off';

/** Why this URL may not be a webhook now, or null when it may. */
export async function webhookRefusal(url: string, policy: TargetPolicy): Promise<string | null> {
  if (policy === 'off') return 'webhooks are turned off on this server';
  if (policy === 'any') return null;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'the webhook must be a public address';
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return 'the webhook address does not resolve';
  }
  return addresses.some(isPrivateAddress) ? 'the webhook must be a public address' : null;
}
