import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Whether a push endpoint's host is somewhere the server must not post to (DESIGN 10.3): loopback,
 * private, link-local, shared (CGNAT), unspecified, multicast or reserved addresses, in IPv4 or IPv6
 * (an IPv6 address that embeds an IPv4 one is judged by that too, see embeddedIpv4). A host name is
 * judged by every address it resolves to, so a name that points one of them inward is refused.
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
  // NAT64 for local use (RFC 8215): not globally reachable, and the prefix length (so where the IPv4
  // address sits) is the operator's choice, so the whole block is inward.
  ['64:ff9b:1::', 48],
] as const)
  inward.addSubnet(net, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (with `::` and a dotted IPv4 tail), or null when it is not one. */
function ipv6Bytes(address: string): number[] | null {
  const plain = address.replace(/%.*$/, ''); // a zone (fe80::1%eth0) names an interface, not an address
  if (isIP(plain) !== 6) return null;
  let text = plain.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  const words = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((w) => [w >> 8, w & 255]);
}

const dottedQuad = (b: number[], at: number, mask = 0) => [0, 1, 2, 3].map((i) => (b[at + i]! ^ mask) & 255).join('.');
const zeros = (b: number[], from: number, to: number) => b.slice(from, to).every((x) => x === 0);

/**
 * The IPv4 addresses an IPv6 address carries, where a packet to it would end up (DESIGN 11.7):
 * IPv4-mapped `::ffff:0:0/96` and IPv4-compatible `::/96` (the last 32 bits), NAT64's well-known
 * `64:ff9b::/96` (the last 32 bits), 6to4 `2002::/16` (bits 16-47), and Teredo `2001::/32`, which
 * carries both its server (bits 32-63) and its client (the last 32 bits, inverted); both are
 * answered, so a Teredo address is refused when either side is inward.
 */
export function embeddedIpv4(address: string): string[] {
  const b = ipv6Bytes(address);
  if (!b) return [];
  if (zeros(b, 0, 10) && ((b[10] === 0xff && b[11] === 0xff) || (b[10] === 0 && b[11] === 0))) return [dottedQuad(b, 12)];
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return [dottedQuad(b, 12)];
  if (b[0] === 0x20 && b[1] === 0x02) return [dottedQuad(b, 2)];
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return [dottedQuad(b, 4), dottedQuad(b, 12, 0xff)];
  return [];
}

/** Whether one IP address is inward (an IPv6 address also when an IPv4 address it embeds is). */
export function isInwardAddress(address: string): boolean {
  if (isIP(address) === 4) return inward.check(address, 'ipv4');
  if (embeddedIpv4(address).some((v4) => inward.check(v4, 'ipv4'))) return true;
  return inward.check(address.replace(/%.*$/, ''), 'ipv6');
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
