import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createPost, createTribe, signUp, signUpLeader } from '#test/factories.js';
import { searchWorld } from './search-world.js';

let t: TestApp;
let leader: Awaited<ReturnType<typeof signUpLeader>>;
let member: Awaited<ReturnType<typeof signUp>>;
let outsider: Awaited<ReturnType<typeof signUp>>;
let blocked: Awaited<ReturnType<typeof signUp>>;
let tribeId: string;
let posts: Record<string, string>;

type Hit = { kind: string; id: string; title: string; snippet: string; match: string; path: string };

beforeAll(async () => {
  t = await buildTestApp();
  leader = await signUpLeader(t, { name: 'Leila Ben' });
  ({ member, outsider, blocked, tribeId, posts } = await searchWorld(t, leader, { wildcards: 'Promo 100 pourcent vraie' }));
});
afterAll(async () => t.close());

const search = (query: string, token?: string) =>
  t.app.inject({ url: `/api/v1/search?${query}`, headers: token ? bearer(token) : {} });
const hits = async (q: string, token?: string, type?: string) => {
  const res = await search(`q=${encodeURIComponent(q)}${type ? `&type=${type}` : ''}&limit=50`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data.items as Hit[];
};
const postIds = async (q: string, token?: string) => (await hits(q, token, 'posts')).map((h) => h.id);

describe('folding: found by the plain spelling and by a prefix', () => {
  it('finds Arabic written with harakat, hamza on alef, tatweel and alef maqsura by plain letters', async () => {
    expect(await postIds('المدرسه')).toContain(posts.arabic);
    expect(await postIds('المدرسة')).toContain(posts.arabic);
    expect(await postIds('احمد')).toContain(posts.arabic);
    expect(await postIds('اسلام')).toContain(posts.arabic);
    expect(await postIds('مستشفي')).toContain(posts.arabic);
    expect(await postIds('المدر')).toContain(posts.arabic);
  });

  it('finds a tribe whose name has آ and أ by a plain alef, and its description by a prefix', async () => {
    const found = await hits('ايت الاطلس', undefined, 'tribes');
    expect(found.map((h) => h.id)).toEqual([tribeId]);
    expect(found[0]!.match).toBe('exact');
    expect((await hits('الجب', undefined, 'tribes')).map((h) => h.id)).toContain(tribeId);
  });

  it('finds Hebrew with niqqud by plain letters and by a prefix', async () => {
    expect(await postIds('שלום')).toContain(posts.hebrew);
    expect(await postIds('ברוכים הבא')).toContain(posts.hebrew);
  });

  it('finds Latin with accents by plain spelling, any case, and by a prefix', async () => {
    expect(await postIds('eleonore')).toContain(posts.latin);
    expect(await postIds('FETE')).toContain(posts.latin);
    expect(await postIds('fest noz')).toContain(posts.latin);
    expect(await postIds('quimp')).toContain(posts.latin);
    expect(await postIds('Éléonore')).toContain(posts.latin);
  });

  it('finds people by a folded name', async () => {
    const found = await hits('leila', undefined, 'people');
    expect(found.map((h) => h.id)).toEqual([leader.user.id]);
    expect(found[0]).toMatchObject({ kind: 'people', title: 'Leila Ben', path: `/user-profile/${leader.user.id}` });
  });

  it('folds a text again after an edit', async () => {
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
});

describe('ranking', () => {
  it('puts exact before prefix before near matches', async () => {
    const exact = await signUp(t, { name: 'Fatimah Zahra' });
    const prefix = await signUp(t, { name: 'Fatimahou Diallo' });
    const near = await signUp(t, { name: 'Fatima Idrissi' });
    const found = await hits('fatimah', undefined, 'people');
    expect(found.map((h) => [h.id, h.match])).toEqual([
      [exact.user.id, 'exact'],
      [prefix.user.id, 'prefix'],
      [near.user.id, 'near'],
    ]);
  });

  it('pages through hits with the cursor, without repeating one', async () => {
    const first = await search('q=reunion&limit=1', member.token);
    const page1 = first.json().data;
    expect(page1.items).toHaveLength(1);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (await search(`q=reunion&limit=1&cursor=${page1.next_cursor}`, member.token)).json().data;
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
  });
});

describe('only what the caller may see', () => {
  it('finds a tribe-only post for its members only', async () => {
    expect(await postIds('reunion secrete', member.token)).toContain(posts.tribeOnly);
    expect(await postIds('reunion secrete', leader.token)).toContain(posts.tribeOnly);
    expect(await postIds('reunion secrete', outsider.token)).not.toContain(posts.tribeOnly);
    expect(await postIds('reunion secrete')).not.toContain(posts.tribeOnly);
  });

  it('finds nothing by or of a person across a block, either way', async () => {
    expect(await postIds('reunion publique', member.token)).toContain(posts.byBlocked);
    expect(await postIds('reunion publique', outsider.token)).not.toContain(posts.byBlocked);
    expect((await hits('bilal', outsider.token, 'people')).map((h) => h.id)).not.toContain(blocked.user.id);
    expect((await hits('omar', blocked.token, 'people')).map((h) => h.id)).not.toContain(outsider.user.id);
    expect((await hits('omar', member.token, 'people')).map((h) => h.id)).toContain(outsider.user.id);
  });

  it('finds neither a suspended person nor their posts, nor a suspended tribe', async () => {
    const gone = await signUp(t, { name: 'Zoltan Suspendu' });
    const id = (await createPost(t, gone.token, { body: 'Zoltan parle' })).id;
    expect(await postIds('zoltan')).toContain(id);
    const db = t.database.db;
    await db.execute(sql`update users set suspended_at = now(), suspension_reason = 'spam' where id = ${gone.user.id}`);
    expect(await postIds('zoltan')).not.toContain(id);
    expect(await hits('zoltan', undefined, 'people')).toEqual([]);
    const other = (await createTribe(t, leader.token, { name: 'Tribu Fermée' })).id;
    expect((await hits('tribu fermee', undefined, 'tribes')).map((h) => h.id)).toEqual([other]);
    await db.execute(sql`update tribes set suspended_at = now(), suspension_reason = 'scam' where id = ${other}`);
    expect(await hits('tribu fermee', undefined, 'tribes')).toEqual([]);
  });

  it('keeps private profiles out of people search', async () => {
    const hidden = await signUp(t, { name: 'Xenia Privee' });
    const privacy = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/privacy',
      headers: bearer(hidden.token),
      payload: { profile_visibility: 'private' },
    });
    expect(privacy.statusCode).toBe(200);
    expect(await hits('xenia', member.token, 'people')).toEqual([]);
    expect((await hits('xenia', hidden.token, 'people')).map((h) => h.id)).toEqual([hidden.user.id]);
  });
});

describe('bad input', () => {
  it('refuses an empty query and one over 200 characters, naming q', async () => {
    for (const q of ['', '%20%20', 'a'.repeat(201)]) {
      const res = await search(`q=${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_type: 'validation_error', errors: { q: expect.any(Array) } });
    }
    expect((await search('')).statusCode).toBe(400);
  });

  it('answers an empty result for a query of diacritics or wildcards only', async () => {
    for (const q of ['ًٌٍ', '%', '_', '%_%', "'; drop table posts; --"]) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      if (q !== "'; drop table posts; --") expect(res.json().data).toEqual({ items: [], next_cursor: null });
    }
    expect(await postIds('100%')).toEqual([posts.wildcards]);
  });

  it('refuses an unknown kind and a forged cursor, naming the field', async () => {
    const kind = await search('q=fete&type=posts,planets');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().errors).toHaveProperty('type');
    const cursor = await search('q=fete&cursor=bm90LW91cnM');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().errors).toHaveProperty('cursor');
  });
});
