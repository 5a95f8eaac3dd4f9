/**
 * Where a member's webhook may point. A webhook is a request our server makes to an address a player
 * typed: without a check it could reach the server's own network (a database, a cloud metadata
 * service). With WEBHOOK_TARGETS=public (the default) only public addresses are allowed, checked when
 * the address is saved and again on every send (DNS may change). A send connects to exactly the
 * addresses its check approved (see post.ts): the name is never resolved a second time, so a DNS
 * answer that changes between the check and the connection (DNS rebinding) cannot slip past.
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** NAT64's well-known prefix (RFC 6052): a DNS64 resolver on an IPv6-only host answers IPv4-only names in it. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
/** Global unicast IPv6; everything outside it (IPv4-compatible ::/96, translated ::ffff:0:0/96, local-use NAT64 64:ff9b:1::/48, ULA, link-local, multicast …) is refused. */
const GLOBAL_V6 = ipaddr.parseCIDR('2000::/3');

function publicV4(a: ipaddr.IPv4): boolean {
  // ipaddr.js names every special-purpose block (0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12,
  // 192.168/16, 198.18/15, documentation, multicast, 240/4, broadcast …); only what is left is public.
  return a.range() === 'unicast';
}

function publicV6(a: ipaddr.IPv6): boolean {
  // The system connects to the IPv4 address inside these two forms, so that address decides.
  if (a.isIPv4MappedAddress()) return publicV4(a.toIPv4Address());
  if (a.match(NAT64)) return publicV4(new ipaddr.IPv4(a.toByteArray().slice(12)));
  // 6to4 (2002::/16) and Teredo (2001::/32) lie inside 2000::/3 but are named ranges, so they are
  // refused here along with the other special blocks (documentation 2001:db8::/32 and the like).
  return a.match(GLOBAL_V6) && a.range() === 'unicast';
}

/** A literal IP address that is reachable from the internet (anything unparsable is not). */
export function isPublicAddress(ip: string): boolean {
  if (!net.isIP(ip)) return false;
  const a = ipaddr.parse(ip);
  return a.kind() === 'ipv4' ? publicV4(a as ipaddr.IPv4) : publicV6(a as ipaddr.IPv6);
}

export type TargetPolicy = 'public' | 'any' | 'off';

/** An address the connection may use, in the shape `dns.lookup` answers with `all: true`. */
export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/** Checked: `pinned` lists the only addresses the request may connect to (undefined: no limit, policy `any`). */
export type TargetCheck = { refusal: string } | { refusal: null; pinned: PinnedAddress[] | undefined };

/**
 * Where push endpoints may point. A push endpoint is an address the browser gives, so a player can
 * type any address in its place: the same public-only rule applies. WEBHOOK_TARGETS=off turns
 * webhooks off, not push (push services are public); `any` (tests, closed networks) lifts both.
 */
export function pushPolicy(webhookTargets: TargetPolicy): TargetPolicy {
  return webhookTargets === 'any' ? 'any' : 'public';
}

/** Whether this URL may be a webhook (or, `what`, a push endpoint) now, and if it may, the addresses it may be reached at. */
export async function checkWebhookTarget(url: string, policy: TargetPolicy, what = 'webhook'): Promise<TargetCheck> {
  if (policy === 'off') return { refusal: `${what}s are turned off on this server` };
  if (policy === 'any') return { refusal: null, pinned: undefined };
  // WHATWG URL parsing has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const notPublic = { refusal: `the ${what} must be a public address` };
  const name = host.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return notPublic;
  let pinned: PinnedAddress[];
  if (net.isIP(host)) pinned = [{ address: host, family: net.isIPv4(host) ? 4 : 6 }];
  else {
    try {
      pinned = (await dns.lookup(host, { all: true })).map((a) => ({ address: a.address, family: a.family === 4 ? 4 : 6 }));
    } catch {
      return { refusal: `the ${what} address does not resolve` };
    }
  }
  // A name may resolve to several addresses; the connection may pick any of them, so each must pass.
  if (pinned.length === 0) return { refusal: `the ${what} address does not resolve` };
  return pinned.every((a) => isPublicAddress(a.address)) ? { refusal: null, pinned } : notPublic;
}

/** Why this URL may not be a webhook now, or null when it may. */
export async function webhookRefusal(url: string, policy: TargetPolicy, what = 'webhook'): Promise<string | null> {
  return (await checkWebhookTarget(url, policy, what)).refusal;
}
