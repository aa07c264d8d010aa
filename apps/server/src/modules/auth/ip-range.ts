import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let s = address;
  // An embedded IPv4 tail (64:ff9b::192.0.2.1) stands for the last two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = s.split('::');
  const first = head ? head.split(':') : [];
  const last = rest ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array<string>(Math.max(0, 8 - first.length - last.length)).fill('0');
  return [...first, ...fill, ...last].map((g) => parseInt(g, 16).toString(16));
}

/**
 * The network a failed sign-in is charged to: the /24 of an IPv4 address, the /64 of an IPv6 one
 * (what one subscriber or one host usually holds). IPv4-mapped IPv6 counts as IPv4.
 */
export function ipRange(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  const bare = ip.split('%')[0]!;
  if (isIPv6(bare)) return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
  return ip;
}
