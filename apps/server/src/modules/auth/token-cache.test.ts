import { describe, expect, it } from 'vitest';
import { createManualClock } from '#src/core/clock.js';
import { sha256 } from '#src/core/crypto.js';
import { createMemoryBus, type Bus, type BusMessage } from '#src/realtime/bus.js';
import type { AuthRepo, TokenRow } from './auth.repo.js';
import { createTokenCache } from './token-cache.js';
import { createTokensService } from './tokens.service.js';

type U = { id: string; name: string };
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);
const session = (tokenId: string, userId: string, expiresMs = 3_600_000) => ({
  user: { id: userId, name: `name of ${userId}` },
  tokenId,
  expiresAt: at(expiresMs),
  authenticatedAt: at(0),
});

describe('token cache', () => {
  it('answers a stored session until its TTL, and never after the token expires', () => {
    const cache = createTokenCache<U>({ ttlMs: 60_000 });
    cache.set('h1', session('t1', 'u1'), cache.generation(), at(0));
    expect(cache.get('h1', at(59_999))?.tokenId).toBe('t1');
    expect(cache.get('h1', at(60_000))).toBeUndefined();
    cache.set('h2', session('t2', 'u2', 10_000), cache.generation(), at(0));
    expect(cache.get('h2', at(9_999))?.tokenId).toBe('t2');
    expect(cache.get('h2', at(10_000))).toBeUndefined();
    // A clock moved back counts as stale.
    cache.set('h3', session('t3', 'u3'), cache.generation(), at(5_000));
    expect(cache.get('h3', at(4_000))).toBeUndefined();
  });

  it('forgets one token by id, or every token of a user', () => {
    const cache = createTokenCache<U>();
    const g = cache.generation();
    cache.set('a1', session('ta1', 'ua'), g, at(0));
    cache.set('a2', session('ta2', 'ua'), g, at(0));
    cache.set('b1', session('tb1', 'ub'), g, at(0));
    cache.forget({ tokenIds: ['ta1'] });
    expect(cache.get('a1', at(1))).toBeUndefined();
    expect(cache.get('a2', at(1))?.tokenId).toBe('ta2');
    cache.forget({ userIds: ['ua'] });
    expect(cache.get('a2', at(1))).toBeUndefined();
    expect(cache.get('b1', at(1))?.tokenId).toBe('tb1');
  });

  it('drops a lookup that started before a forget (it may have read the row before the revocation)', () => {
    const cache = createTokenCache<U>();
    const since = cache.generation();
    cache.forget({ userIds: ['ua'] });
    cache.set('a1', session('ta1', 'ua'), since, at(0));
    expect(cache.get('a1', at(1))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the least recently used first', () => {
    const cache = createTokenCache<U>({ maxEntries: 3 });
    const g = cache.generation();
    for (const n of [1, 2, 3]) cache.set(`h${n}`, session(`t${n}`, `u${n}`), g, at(0));
    expect(cache.get('h1', at(1))?.tokenId).toBe('t1'); // h1 is now the most recent
    cache.set('h4', session('t4', 'u4'), g, at(1));
    expect(cache.size).toBe(3);
    expect(cache.get('h2', at(2))).toBeUndefined();
    expect(cache.get('h1', at(2))?.tokenId).toBe('t1');
    expect(cache.get('h4', at(2))?.tokenId).toBe('t4');
  });

  it('hands out copies: a caller changing the user does not change the cache', () => {
    const cache = createTokenCache<U>();
    cache.set('h1', session('t1', 'u1'), cache.generation(), at(0));
    cache.get('h1', at(1))!.user.name = 'mutated';
    expect(cache.get('h1', at(2))!.user.name).toBe('name of u1');
  });
});

/** A repository double that counts the lookups the hot path would make. */
function fakeRepo(clock: { now(): Date }) {
  const tokens = new Map<string, TokenRow>();
  const calls = { find: 0, touch: 0 };
  const user = { id: 'u1', name: 'Ada' };
  const repo = {
    async findLiveToken(hash: string, now: Date) {
      calls.find++;
      const token = tokens.get(hash);
      if (!token || token.revokedAt || token.expiresAt <= now) return undefined;
      return { token, user };
    },
    async touchToken(id: string, lastUsedAt: Date, expiresAt: Date) {
      calls.touch++;
      for (const t of tokens.values()) if (t.id === id) Object.assign(t, { lastUsedAt, expiresAt });
    },
    async revokeToken(id: string) {
      for (const t of tokens.values()) if (t.id === id) t.revokedAt = clock.now();
      return true;
    },
    async revokeUserTokens() {
      for (const t of tokens.values()) t.revokedAt = clock.now();
    },
  };
  const add = (token: string, id: string) =>
    tokens.set(sha256(token), {
      id,
      userId: 'u1',
      tokenHash: sha256(token),
      deviceName: null,
      userAgent: null,
      authenticatedAt: clock.now(),
      createdAt: clock.now(),
      lastUsedAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + 30 * 86_400_000),
      revokedAt: null,
    });
  return { repo: repo as unknown as AuthRepo, calls, add };
}

describe('tokens service with its cache', () => {
  const tokenA = 'a'.repeat(43);
  const tokenB = 'b'.repeat(43);

  it('looks a token up once, then answers from the cache; writes "last used" at most once a minute', async () => {
    const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
    const { repo, calls, add } = fakeRepo(clock);
    add(tokenA, 'ta');
    const tokens = createTokensService({ repo, clock, bus: createMemoryBus() });
    for (let i = 0; i < 5; i++) expect((await tokens.authenticate(tokenA))?.tokenId).toBe('ta');
    expect(calls).toEqual({ find: 1, touch: 0 });
    clock.advance(61_000);
    expect((await tokens.authenticate(tokenA))?.tokenId).toBe('ta');
    expect(calls).toEqual({ find: 2, touch: 1 });
    expect((await tokens.authenticate(tokenA))?.tokenId).toBe('ta');
    expect(calls).toEqual({ find: 2, touch: 1 });
  });

  it('forgets on revoke, on revoke-all and on a user change, and tells the other nodes through the bus', async () => {
    const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
    const { repo, add } = fakeRepo(clock);
    add(tokenA, 'ta');
    add(tokenB, 'tb');
    const bus = createMemoryBus();
    const sent: BusMessage[] = [];
    bus.onMessage((m) => sent.push(m));
    const tokens = createTokensService({ repo, clock, bus });
    await tokens.authenticate(tokenA);
    await tokens.authenticate(tokenB);
    await tokens.revoke('ta', 'u1');
    expect(await tokens.authenticate(tokenA)).toBeUndefined();
    expect((await tokens.authenticate(tokenB))?.tokenId).toBe('tb');
    await tokens.userChanged('u1');
    await tokens.revokeAll('u1');
    expect(await tokens.authenticate(tokenB)).toBeUndefined();
    expect(sent).toMatchObject([
      { kind: 'sessions_changed', tokenIds: ['ta'], userIds: [] },
      { kind: 'sessions_changed', tokenIds: [], userIds: ['u1'] },
      { kind: 'sessions_changed', tokenIds: [], userIds: ['u1'] },
    ]);
  });

  it('forgets what another node announces', async () => {
    const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
    const { repo, calls, add } = fakeRepo(clock);
    add(tokenA, 'ta');
    const bus = createMemoryBus();
    const tokens = createTokensService({ repo, clock, bus });
    await tokens.authenticate(tokenA);
    await tokens.authenticate(tokenA);
    expect(calls.find).toBe(1);
    await bus.publish({ kind: 'sessions_changed', userIds: ['u1'] });
    await tokens.authenticate(tokenA);
    expect(calls.find).toBe(2);
    // Malformed messages are ignored, not thrown.
    await bus.publish({ kind: 'sessions_changed', tokenIds: 'ta' as unknown as string[] });
    await tokens.authenticate(tokenA);
    expect(calls.find).toBe(2);
  });
});

/** Two nodes on a bus that, like Redis pub/sub, hands messages over later than publish resolves. */
function slowCluster() {
  const handlers: ((m: BusMessage) => void)[][] = [[], []];
  const node = (n: number): Bus => ({
    nodeId: `node${n}`,
    async publish(message) {
      setTimeout(() => handlers.forEach((hs) => hs.forEach((h) => h(JSON.parse(JSON.stringify(message)) as BusMessage))), 20);
      return handlers.length;
    },
    onMessage: (h) => void handlers[n]!.push(h),
    close: async () => undefined,
  });
  return [node(0), node(1)] as const;
}

describe('tokens service across nodes', () => {
  it('answers a revocation only once the other node has forgotten the token', async () => {
    const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
    const { repo, calls, add } = fakeRepo(clock);
    const token = 'c'.repeat(43);
    add(token, 'tc');
    const [busA, busB] = slowCluster();
    const a = createTokensService({ repo, clock, bus: busA });
    const b = createTokensService({ repo, clock, bus: busB });
    await b.authenticate(token);
    await b.authenticate(token);
    expect(calls.find).toBe(1);
    await a.revoke('tc', 'u1');
    // No waiting here: node B must already have dropped the token.
    expect(await b.authenticate(token)).toBeUndefined();
    expect(calls.find).toBe(2);
  });
});
