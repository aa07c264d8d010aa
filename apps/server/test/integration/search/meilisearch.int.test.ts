import { randomUUID } from 'node:crypto';
import { Meilisearch } from 'meilisearch';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createPost, signUp, signUpLeader } from '#test/factories.js';
import { searchWorld } from './search-world.js';

/**
 * Search in Meilisearch mode (DESIGN 11.5: "MEILI_URL moves the index to Meilisearch with the same
 * answers"): the key checks of search.int.test.ts against a real Meilisearch. Skipped unless MEILI_URL
 * names one (and MEILI_KEY its key, if it has one): there is no Meilisearch binary on this machine, and
 * the tests download none. Each run uses its own index names and deletes them at the end.
 */
const MEILI_URL = process.env.MEILI_URL;

type Hit = { kind: string; id: string; title: string; match: string };

describe.skipIf(!MEILI_URL)('search in Meilisearch mode (no Meilisearch binary on this machine: set MEILI_URL to run)', () => {
  const prefix = `tribes_test_${randomUUID().slice(0, 8)}_`;
  const env = {
    MEILI_URL: MEILI_URL ?? '',
    MEILI_INDEX_PREFIX: prefix,
    ...(process.env.MEILI_KEY ? { MEILI_KEY: process.env.MEILI_KEY } : {}),
  };
  let before: TestApp;
  let t: TestApp;
  let leader: Awaited<ReturnType<typeof signUpLeader>>;
  let member: Awaited<ReturnType<typeof signUp>>;
  let outsider: Awaited<ReturnType<typeof signUp>>;
  let blocked: Awaited<ReturnType<typeof signUp>>;
  let tribeId: string;
  let earlier: string;
  let posts: Record<string, string>;

  beforeAll(async () => {
    // A database searched in PostgreSQL mode first: its folded rows reach the empty indexes by the backfill.
    before = await buildTestApp();
    leader = await signUpLeader(before, { name: 'Leila Ben' });
    earlier = (await createPost(before, leader.token, { body: 'Écrit avant Meilisearch' })).id;
    expect((await before.app.inject({ url: '/api/v1/search?q=ecrit' })).statusCode).toBe(200);
    t = await buildTestApp({ database: before.database, env });
    ({ member, outsider, blocked, tribeId, posts } = await searchWorld(t, leader));
  });
  afterAll(async () => {
    await t?.close();
    await before?.close();
    const client = new Meilisearch({ host: MEILI_URL ?? '', apiKey: process.env.MEILI_KEY });
    for (const kind of ['people', 'posts', 'tribes', 'events']) await client.deleteIndex(`${prefix}${kind}`).waitTask();
  });

  const hits = async (q: string, token?: string, type?: string) => {
    const res = await t.app.inject({
      url: `/api/v1/search?q=${encodeURIComponent(q)}${type ? `&type=${type}` : ''}&limit=50`,
      headers: token ? bearer(token) : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.items as Hit[];
  };
  const postIds = async (q: string, token?: string) => (await hits(q, token, 'posts')).map((h) => h.id);

  it('holds the rows folded before Meilisearch mode (backfill of an empty index)', async () => {
    expect(await postIds('ecrit avant')).toEqual([earlier]);
  });

  it('finds Arabic written with harakat, alef forms, tatweel and alef maqsura by plain letters and a prefix', async () => {
    for (const q of ['المدرسه', 'المدرسة', 'احمد', 'اسلام', 'مستشفي', 'المدر']) expect(await postIds(q)).toContain(posts.arabic);
    const found = await hits('ايت الاطلس', undefined, 'tribes');
    expect(found.map((h) => [h.id, h.match])).toEqual([[tribeId, 'exact']]);
  });

  it('finds Hebrew with niqqud and Latin with accents by plain spelling and a prefix', async () => {
    expect(await postIds('שלום')).toContain(posts.hebrew);
    expect(await postIds('ברוכים הבא')).toContain(posts.hebrew);
    for (const q of ['eleonore', 'FETE', 'fest noz', 'quimp', 'Éléonore']) expect(await postIds(q)).toContain(posts.latin);
  });

  it('puts exact before prefix before near, as PostgreSQL mode does', async () => {
    const exact = await signUp(t, { name: 'Fatimah Zahra' });
    const prefixed = await signUp(t, { name: 'Fatimahou Diallo' });
    const near = await signUp(t, { name: 'Fatima Idrissi' });
    const found = await hits('fatimah', undefined, 'people');
    expect(found.map((h) => [h.id, h.match])).toEqual([
      [exact.user.id, 'exact'],
      [prefixed.user.id, 'prefix'],
      [near.user.id, 'near'],
    ]);
  });

  it('finds a text again after an edit, by its new words only', async () => {
    const id = (await createPost(t, leader.token, { body: 'Première version' })).id;
    expect(await postIds('premiere')).toContain(id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${id}`,
      headers: bearer(leader.token),
      payload: { body: 'Deuxième' },
    });
    expect(await postIds('premiere')).not.toContain(id);
    expect(await postIds('deuxieme')).toContain(id);
  });

  it('keeps the PostgreSQL visibility rules: tribe-only posts, blocks, suspensions, deletions', async () => {
    expect(await postIds('reunion secrete', member.token)).toContain(posts.tribeOnly);
    expect(await postIds('reunion secrete', outsider.token)).not.toContain(posts.tribeOnly);
    expect(await postIds('reunion secrete')).not.toContain(posts.tribeOnly);
    expect(await postIds('reunion publique', member.token)).toContain(posts.byBlocked);
    expect(await postIds('reunion publique', outsider.token)).not.toContain(posts.byBlocked);
    expect((await hits('bilal', outsider.token, 'people')).map((h) => h.id)).not.toContain(blocked.user.id);
    expect((await hits('omar', blocked.token, 'people')).map((h) => h.id)).not.toContain(outsider.user.id);
    const gone = await signUp(t, { name: 'Zoltan Suspendu' });
    const id = (await createPost(t, gone.token, { body: 'Zoltan parle' })).id;
    expect(await postIds('zoltan')).toContain(id);
    await t.database.db.execute(
      sql`update users set suspended_at = now(), suspension_reason = 'spam' where id = ${gone.user.id}`,
    );
    expect(await postIds('zoltan')).not.toContain(id);
    expect(await hits('zoltan', undefined, 'people')).toEqual([]);
    await t.database.db.execute(sql`update posts set deleted_at = now() where id = ${posts.latin}`);
    expect(await postIds('quimper')).not.toContain(posts.latin);
  });
});
