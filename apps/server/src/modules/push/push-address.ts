import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Whether a push endpoint's host is somewhere the server must not post to (DESIGN 10.3): loopback,
 * private, link-local, shared (CGNAT), unspecified, multicast or reserved addresses, in IPv4 or IPv6
 * (an IPv4-mapped IPv6 address is judged by its IPv4 part). A host name is judged by every address it
 * resolves to, so a name that points one of them inward is refused.
 */
const inward = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  inward.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  inward.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:1.2.3.4 or ::ffff:102:304), if it is one. */
function mappedIpv4(address: string): string | null {
  const m = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address);
  if (!m) return null;
  const tail = m[1]!;
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether one IP address is inward. */
export function isInwardAddress(address: string): boolean {
  const v4 = isIP(address) === 6 ? mappedIpv4(address) : address;
  if (v4 && isIP(v4) === 4) return inward.check(v4, 'ipv4');
  return inward.check(address, 'ipv6');
}

export type EndpointVerdict = 'ok' | 'inward' | 'unknown_host';

/** Judges an https endpoint's host: an IP literal as it stands, a name by all its addresses. */
export async function judgeEndpoint(
  endpoint: string,
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true, verbatim: true })).map((a) => a.address),
): Promise<EndpointVerdict> {
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isInwardAddress(host) ? 'inward' : 'ok';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'inward';
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unknown_host';
  }
  if (addresses.length === 0) return 'unknown_host';
  return addresses.some(isInwardAddress) ? 'inward' : 'ok';
}
