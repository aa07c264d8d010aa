import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { addComment, bearer, createPost, createTribe, joinTribe, signUp, signUpLeader } from '#test/factories.js';
import { startLibreTranslate } from '#test/libretranslate-stand-in.js';

let t: TestApp;
let off: TestApp;
let provider: Awaited<ReturnType<typeof startLibreTranslate>>;
let author: Awaited<ReturnType<typeof signUpLeader>>;
let reader: Awaited<ReturnType<typeof signUp>>;

const FRENCH = 'Le fest-noz aura lieu samedi soir dans la salle des fêtes, venez nombreux avec vos amis.';

beforeAll(async () => {
  provider = await startLibreTranslate();
  t = await buildTestApp({
    env: {
      TRANSLATE_PROVIDER: 'libretranslate',
      TRANSLATE_URL: provider.url,
      TRANSLATE_API_KEY: 'stand-in-key',
      TRANSLATE_TIMEOUT_MS: '500',
    },
  });
  off = await buildTestApp();
  author = await signUpLeader(t);
  reader = await signUp(t);
});
afterAll(async () => {
  await Promise.all([t.close(), off.close()]);
  await provider.close();
});

const translate = (app: TestApp, kind: 'posts' | 'comments', id: string, token: string, payload: object) =>
  app.app.inject({ method: 'POST', url: `/api/v1/${kind}/${id}/translate`, headers: bearer(token), payload });
const callsFor = (text: string) => provider.calls.filter((c) => c.q.includes(text)).length;

describe('a French post', () => {
  it('is detected as French, translated through the provider once, then from the cache, again after an edit', async () => {
    const post = await createPost(t, author.token, { body: FRENCH });
    const shown = (await t.app.inject({ url: `/api/v1/posts/${post.id}`, headers: bearer(reader.token) })).json().data.post;
    expect(shown.lang).toBe('fr');

    const first = await translate(t, 'posts', post.id, reader.token, { to: 'es' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ text: `[es] ${FRENCH}`, from: 'fr', to: 'es' });
    expect(provider.calls.at(-1)).toEqual({ q: FRENCH, source: 'fr', target: 'es', format: 'text', api_key: 'stand-in-key' });
    expect(callsFor(FRENCH)).toBe(1);

    const again = await translate(t, 'posts', post.id, author.token, { to: 'es' });
    expect(again.json().data).toEqual(first.json().data);
    expect(callsFor(FRENCH)).toBe(1);

    const edited = `${FRENCH} Apportez des crêpes.`;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${post.id}`,
      headers: bearer(author.token),
      payload: { body: edited },
    });
    expect(patch.statusCode).toBe(200);
    const after = await translate(t, 'posts', post.id, reader.token, { to: 'es' });
    expect(after.json().data).toEqual({ text: `[es] ${edited}`, from: 'fr', to: 'es' });
    expect(callsFor(edited)).toBe(1);
  });

  it('forgets its translations when it is deleted', async () => {
    const post = await createPost(t, author.token, { body: `${FRENCH} Bientôt supprimé.` });
    expect((await translate(t, 'posts', post.id, reader.token, { to: 'en' })).statusCode).toBe(200);
    const kept = () => t.database.db.execute(sql`select 1 from content_translations where subject_id = ${post.id}`);
    const count = async () => {
      const r = await kept();
      return (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows).length;
    };
    expect(await count()).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${post.id}`, headers: bearer(author.token) });
    expect(await count()).toBe(0);
  });

  it('comes back as it is when asked in its own language, without the provider', async () => {
    const post = await createPost(t, author.token, { body: `${FRENCH} Encore.` });
    const res = await translate(t, 'posts', post.id, reader.token, { to: 'fr' });
    expect(res.json().data).toEqual({ text: `${FRENCH} Encore.`, from: 'fr', to: 'fr' });
    expect(callsFor('Encore.')).toBe(0);
  });

  it('keeps the language its author corrects', async () => {
    const post = await createPost(t, author.token, { body: 'ok' });
    expect((await t.app.inject({ url: `/api/v1/posts/${post.id}` })).json().data.post.lang).toBeNull();
    const patch = (payload: object, token = author.token) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/posts/${post.id}`, headers: bearer(token), payload });
    const res = await patch({ lang: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.post).toMatchObject({ lang: 'es', body: 'ok' });
    expect((await patch({ lang: 'es' }, reader.token)).statusCode).toBe(403);
    const bad = await patch({ lang: 'klingon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('lang');
    expect((await patch({})).statusCode).toBe(400);
  });
});

describe('comments', () => {
  it('are detected, translated, and their language corrected by their author only', async () => {
    const post = await createPost(t, author.token, { body: 'Hello everyone, the meeting is on Friday at noon.' });
    const comment = await addComment(t, reader.token, post.id, 'Je viendrai avec ma sœur et mes deux cousins demain.');
    const list = (await t.app.inject({ url: `/api/v1/posts/${post.id}/comments`, headers: bearer(reader.token) })).json().data;
    expect(list.items[0]).toMatchObject({ id: comment.id, lang: 'fr', can_edit: true });
    const res = await translate(t, 'comments', comment.id, author.token, { to: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ from: 'fr', to: 'en' });
    const fix = (token: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/comments/${comment.id}`, headers: bearer(token), payload: { lang: 'es' } });
    expect((await fix(author.token)).statusCode).toBe(403);
    const mine = await fix(reader.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.comment.lang).toBe('es');
  });
});

describe('a tribe-only post', () => {
  it('goes to the provider only when its tribe allows translation', async () => {
    const tribe = await createTribe(t, author.token);
    expect(tribe).toMatchObject({ allow_translation: false });
    await joinTribe(t, reader.token, tribe.id);
    const post = await createPost(t, author.token, { body: `${FRENCH} Entre nous.`, tribe_id: tribe.id, visibility: 'tribe' });
    const refused = await translate(t, 'posts', post.id, reader.token, { to: 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 'error', error_type: 'translation_not_allowed' });
    expect(callsFor('Entre nous.')).toBe(0);

    const stranger = await signUp(t);
    expect((await translate(t, 'posts', post.id, stranger.token, { to: 'en' })).statusCode).toBe(404);

    const allow = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/tribes/${tribe.id}`,
      headers: bearer(author.token),
      payload: { allow_translation: true },
    });
    expect(allow.json().data.tribe.allow_translation).toBe(true);
    expect((await translate(t, 'posts', post.id, reader.token, { to: 'en' })).statusCode).toBe(200);
    expect(callsFor('Entre nous.')).toBe(1);
  });
});

describe('failures and bad input', () => {
  it('answers 503 translation_unavailable when the provider fails or does not answer in time, and caches nothing', async () => {
    for (const word of ['FAIL', 'HANG']) {
      const post = await createPost(t, author.token, { body: `${FRENCH} ${word}` });
      const res = await translate(t, 'posts', post.id, reader.token, { to: 'en' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', error_type: 'translation_unavailable' });
      await translate(t, 'posts', post.id, reader.token, { to: 'en' });
      expect(callsFor(word)).toBe(2);
    }
  });

  it('refuses a language it does not translate to, naming the field', async () => {
    const post = await createPost(t, author.token, { body: FRENCH });
    for (const payload of [{ to: 'xx' }, { to: '' }, {}, { to: 'es', extra: 1 }]) {
      const res = await translate(t, 'posts', post.id, reader.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_type).toBe('validation_error');
    }
  });

  it('answers 404 for a text that does not exist and 401 without a session', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await translate(t, 'posts', missing, reader.token, { to: 'en' })).statusCode).toBe(404);
    expect((await translate(t, 'comments', missing, reader.token, { to: 'en' })).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/v1/posts/${missing}/translate`, payload: { to: 'en' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a site without TRANSLATE_PROVIDER', () => {
  it('offers no translation: the config says so and the endpoint answers 409 translation_disabled', async () => {
    expect((await off.app.inject({ url: '/api/v1/config' })).json().data.translation).toEqual({ enabled: false });
    expect((await t.app.inject({ url: '/api/v1/config' })).json().data.translation).toEqual({ enabled: true });
    const someone = await signUp(off);
    const post = await createPost(off, someone.token, { body: FRENCH });
    const res = await translate(off, 'posts', post.id, someone.token, { to: 'es' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_type).toBe('translation_disabled');
  });
});
