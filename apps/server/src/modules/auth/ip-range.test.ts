import { describe, expect, it } from 'vitest';
import { ipRange } from './ip-range.js';

describe('ipRange: the network a failed sign-in is charged to', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:1:2::5', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ])('%s is in %s', (ip, range) => {
    expect(ipRange(ip)).toBe(range);
  });

  it('keeps other /24s and /64s apart', () => {
    expect(ipRange('203.0.114.7')).not.toBe(ipRange('203.0.113.7'));
    expect(ipRange('2001:db8:1:3::5')).not.toBe(ipRange('2001:db8:1:2::5'));
  });
});
