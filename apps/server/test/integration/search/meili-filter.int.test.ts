import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchRepo } from '#src/modules/search/search.repo.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createPost, createTribe, joinTribe, signUp, signUpLeader } from '#test/factories.js';

/**
 * The PostgreSQL half of Meilisearch mode, without a Meilisearch: the filter that keeps, of the ids
 * Meilisearch found, those the asker may see (the same visibility rules as PostgreSQL mode), with the
 * words rank; and the folded rows a backfill sends.
 */
let t: TestApp;
let repo: ReturnType<typeof createSearchRepo>;
const ids: Record<string, string> = {};
let member: Awaited<ReturnType<typeof signUp>>;
let outsider: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await buildTestApp();
  repo = createSearchRepo(t.database.db);
  const leader = await signUpLeader(t, { name: 'Leila Ben' });
  member = await signUp(t, { name: 'Mona Member' });
  outsider = await signUp(t, { name: 'Omar Outsider' });
  const tribeId = (await createTribe(t, leader.token, { name: 'Tribu du Marché' })).id;
  await joinTribe(t, member.token, tribeId);
  ids.exact = (await createPost(t, leader.token, { body: 'Le marché couvert ouvre' })).id;
  ids.prefix = (await createPost(t, leader.token, { body: 'Le marché couverture' })).id;
  ids.words = (await createPost(t, leader.token, { body: 'Couvert, le supermarché' })).id;
  ids.typo = (await createPost(t, leader.token, { body: 'Le marchi couvert' })).id;
  ids.tribeOnly = (
    await createPost(t, member.token, { body: 'Marché couvert secret', tribe_id: tribeId, visibility: 'tribe' })
  ).id;
  ids.byOutsider = (await createPost(t, outsider.token, { body: 'Marché couvert du coin' })).id;
  await t.app.inject({ method: 'POST', url: `/api/v1/users/${leader.user.id}/block`, headers: bearer(outsider.token) });
  expect((await t.app.inject({ url: '/api/v1/search?q=marche' })).statusCode).toBe(200); // folds every row
});
afterAll(async () => t.close());

const terms = { phrase: 'marche couvert', words: ['marche', 'couvert'] };
const ranks = async (viewerId: string | null, among: string[]) =>
  Object.fromEntries(
    (await repo.visibleAmong('posts', among, terms, { viewerId, now: new Date() })).map((r) => [r.id, Number(r.rank)]),
  );

describe('visibleAmong: the Meilisearch candidates the asker may see', () => {
  it('ranks them as PostgreSQL mode does: exact 0, prefix 1, words 2, only near 3', async () => {
    const found = await ranks(null, [ids.exact!, ids.prefix!, ids.words!, ids.typo!]);
    expect(found).toEqual({ [ids.exact!]: 0, [ids.prefix!]: 1, [ids.words!]: 2, [ids.typo!]: 3 });
  });

  it('keeps the visibility rules: tribe-only for members, nothing across a block, unknown ids dropped', async () => {
    const all = [ids.tribeOnly!, ids.byOutsider!, ids.exact!, randomUUID()];
    expect(Object.keys(await ranks(null, all)).sort()).toEqual([ids.byOutsider!, ids.exact!].sort());
    expect(Object.keys(await ranks(member.user.id, all)).sort()).toEqual([ids.tribeOnly!, ids.byOutsider!, ids.exact!].sort());
    expect(Object.keys(await ranks(outsider.user.id, all)).sort()).toEqual([ids.byOutsider!]);
    expect(await ranks(null, [])).toEqual({});
  });
});

describe('folded: what a backfill sends', () => {
  it('gives every folded row of a kind in id order, a batch after another, without padding', async () => {
    const first = await repo.folded('posts', null, 4);
    const rest = await repo.folded('posts', first[first.length - 1]!.id, 100);
    const all = [...first, ...rest];
    expect(first).toHaveLength(4);
    expect(all.map((d) => d.id)).toEqual(Object.values(ids).sort());
    expect(all.find((d) => d.id === ids.exact)!.text).toBe('le marche couvert ouvre');
  });
});
