import { describe, expect, it } from 'vitest';
import { isInwardAddress, judgeEndpoint } from './push-address.js';

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
