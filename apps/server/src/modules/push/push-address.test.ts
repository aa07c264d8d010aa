import { describe, expect, it } from 'vitest';
import { embeddedIpv4, isInwardAddress, judgeEndpoint } from './push-address.js';

describe('isInwardAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.8',
    '172.16.4.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.1.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
  ])('%s is inward', (address) => expect(isInwardAddress(address)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '142.250.74.10', '2a00:1450:4007:80e::200a', '::ffff:8.8.8.8'])('%s is outward', (address) =>
    expect(isInwardAddress(address)).toBe(false),
  );
});

describe('IPv6 forms that embed an IPv4 address (DESIGN 11.7)', () => {
  // 127.0.0.1 = 7f00:0001, 10.0.0.1 = 0a00:0001, 8.8.8.8 = 0808:0808; Teredo's client is inverted.
  const forms: [string, string, string, string][] = [
    ['IPv4-mapped', '::ffff:7f00:1', '::ffff:a00:1', '::ffff:808:808'],
    ['IPv4-compatible', '::127.0.0.1', '::a00:1', '::8.8.8.8'],
    ['NAT64', '64:ff9b::7f00:1', '64:ff9b::10.0.0.1', '64:ff9b::808:808'],
    ['6to4', '2002:7f00:1::1', '2002:a00:1:5::1', '2002:808:808::1'],
    ['Teredo client', '2001:0:808:808:0:0:80ff:fffe', '2001:0:808:808::f5ff:fffe', '2001:0:808:808::f7f7:f7f7'],
    ['Teredo server', '2001:0:7f00:1::f7f7:f7f7', '2001:0:a00:1::f7f7:f7f7', '2001:0:808:808::f7f7:f7f7'],
  ];

  it.each(forms)(
    '%s: the loopback and private forms are inward, the public one is not',
    (_form, loopback, private10, publicOne) => {
      expect(isInwardAddress(loopback)).toBe(true);
      expect(isInwardAddress(private10)).toBe(true);
      expect(isInwardAddress(publicOne)).toBe(false);
    },
  );

  it('reads the embedded address where each form puts it', () => {
    expect(embeddedIpv4('64:ff9b::10.0.0.1')).toEqual(['10.0.0.1']);
    expect(embeddedIpv4('2002:a00:1:5::1')).toEqual(['10.0.0.1']);
    expect(embeddedIpv4('2001:0:808:808:0:0:80ff:fffe')).toEqual(['8.8.8.8', '127.0.0.1']);
    expect(embeddedIpv4('2a00:1450:4007:80e::200a')).toEqual([]);
  });

  it('refuses the local-use NAT64 prefix whatever it embeds, and judges literals in URLs too', async () => {
    expect(isInwardAddress('64:ff9b:1::808:808')).toBe(true);
    expect(isInwardAddress('64:ff9b:1:ab00::1')).toBe(true);
    const never = async () => {
      throw new Error('asked DNS');
    };
    expect(await judgeEndpoint('https://[64:ff9b::7f00:1]/push', never)).toBe('inward');
    expect(await judgeEndpoint('https://[2002:a00:1::1]/push', never)).toBe('inward');
    expect(await judgeEndpoint('https://[2002:808:808::1]/push', never)).toBe('ok');
  });
});

describe('judgeEndpoint', () => {
  const resolver = (table: Record<string, string[]>) => async (host: string) => {
    if (!(host in table)) throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    return table[host]!;
  };
  const dns = resolver({
    'fcm.googleapis.com': ['142.250.74.10', '2a00:1450:4007:80e::200a'],
    'sneaky.example': ['93.184.216.34', '10.0.0.5'],
    'inside.example': ['192.168.1.20'],
  });

  it('judges a name by every address it resolves to', async () => {
    expect(await judgeEndpoint('https://fcm.googleapis.com/fcm/send/abc', dns)).toBe('ok');
    expect(await judgeEndpoint('https://sneaky.example/push', dns)).toBe('inward');
    expect(await judgeEndpoint('https://inside.example/push', dns)).toBe('inward');
    expect(await judgeEndpoint('https://nowhere.example/push', dns)).toBe('unknown_host');
  });

  it('judges IP literals and localhost names without asking DNS', async () => {
    const never = async () => {
      throw new Error('asked DNS');
    };
    expect(await judgeEndpoint('https://[::1]:8443/push', never)).toBe('inward');
    expect(await judgeEndpoint('https://8.8.8.8/push', never)).toBe('ok');
    expect(await judgeEndpoint('https://api.localhost/push', never)).toBe('inward');
  });
});
