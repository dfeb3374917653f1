import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Where webhooks may go: production only to public https hosts; elsewhere any http(s) (decision 0059). */
export type TargetPolicy = 'public_https' | 'any';

/** Why a webhook address is refused, in words an administrator can act on. */
export class TargetRefused extends Error {}

/** Resolves a host name to every address it has (injected in tests). */
export type Resolve = (host: string) => Promise<string[]>;

export const resolveAll: Resolve = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

// Addresses a portal must never post to: its own host, private networks, cloud metadata, and forms that
// embed an IPv4 address (mapped, NAT64, 6to4) and could reach one of those.
// Two lists: BlockList compares IPv4 addresses with IPv6 rules as mapped addresses (::ffff:0:0/96 would match all).
const FORBIDDEN_V4 = new BlockList();
const FORBIDDEN_V6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  FORBIDDEN_V4.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique-local (with fd00:ec2::254, a metadata address)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN_V6.addSubnet(net, bits, 'ipv6');
}

/** Whether an address is one a production portal may post to (public unicast). */
export function publicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !FORBIDDEN_V4.check(address, 'ipv4') : !FORBIDDEN_V6.check(address, 'ipv6');
}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Checks the address's form (no resolution): http(s) only, https only in production, no credentials. */
export function checkTargetUrl(raw: string, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('the webhook address is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TargetRefused('the webhook address must be http(s)');
  }
  if (policy === 'public_https' && url.protocol !== 'https:') {
    throw new TargetRefused('the webhook address must use https');
  }
  if (url.username || url.password) {
    throw new TargetRefused('the webhook address must not carry a user name or password');
  }
  const host = hostOf(url);
  if (policy === 'public_https' && isIP(host) !== 0 && !publicAddress(host)) {
    throw new TargetRefused(`the webhook address ${host} is not a public address`);
  }
  return url;
}

/**
 * The address to connect to for a webhook URL: every address its host resolves to must be allowed, and
 * the caller connects to the one returned (so a second, rebound resolution cannot reach another).
 */
export async function resolveTarget(
  raw: string,
  policy: TargetPolicy,
  resolve: Resolve = resolveAll,
): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  const url = checkTargetUrl(raw, policy);
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new TargetRefused(`the webhook host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new TargetRefused(`the webhook host ${host} does not resolve`);
  if (policy === 'public_https') {
    const refused = addresses.find((a) => !publicAddress(a));
    if (refused)
      throw new TargetRefused(`the webhook host ${host} resolves to ${refused}, not a public address`);
  }
  const address = addresses[0]!;
  return { url, address, family: isIP(address) === 6 ? 6 : 4 };
}
