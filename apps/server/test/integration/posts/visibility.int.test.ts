import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createPost, createTribe, joinTribe, makeModerator, signUp, signUpLeader } from '#test/factories.js';

let t: TestApp;
type Who = 'author' | 'member' | 'moderator' | 'outsider' | 'blocked' | 'anonymous';
let tokens: Record<Exclude<Who, 'anonymous'>, string>;
let tribeId: string;
let tribePostId: string;
let publicPostId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const author = await signUpLeader(t);
  const tribe = await createTribe(t, author.token);
  tribeId = tribe.id;
  const member = await signUp(t);
  const moderator = await signUp(t);
  const outsider = await signUp(t);
  const blocked = await signUp(t);
  for (const u of [member, moderator, blocked]) await joinTribe(t, u.token, tribeId);
  await makeModerator(t, author.token, tribeId, moderator.user.id);
  await t.app.inject({ method: 'POST', url: `/api/v1/users/${blocked.user.id}/block`, headers: bearer(author.token) });
  tokens = {
    author: author.token,
    member: member.token,
    moderator: moderator.token,
    outsider: outsider.token,
    blocked: blocked.token,
  };
  tribePostId = (await createPost(t, author.token, { body: 'Only for us', tribe_id: tribeId, visibility: 'tribe' })).id;
  t.clock.advance(1000);
  publicPostId = (await createPost(t, author.token, { body: 'Hello world', tribe_id: tribeId, visibility: 'public' })).id;
});
afterAll(async () => t.close());

const get = (url: string, who: Who) => t.app.inject({ url, headers: who === 'anonymous' ? {} : bearer(tokens[who]) });
const ids = async (url: string, who: Who) =>
  ((await get(url, who)).json().data?.items ?? []).map((p: { id: string }) => p.id) as string[];

const matrix: [Who, boolean, boolean][] = [
  // who, sees the tribe post, sees the public post
  ['author', true, true],
  ['member', true, true],
  ['moderator', true, true],
  ['outsider', false, true],
  ['blocked', false, false],
  ['anonymous', false, true],
];

describe.each(matrix)('a %s', (who, seesTribe, seesPublic) => {
  it(`${seesTribe ? 'reads' : 'cannot read'} the tribe post and ${seesPublic ? 'reads' : 'cannot read'} the public post`, async () => {
    expect((await get(`/api/v1/posts/${tribePostId}`, who)).statusCode).toBe(seesTribe ? 200 : 404);
    expect((await get(`/api/v1/posts/${publicPostId}`, who)).statusCode).toBe(seesPublic ? 200 : 404);
  });

  it('finds in the tribe tab exactly the posts it may see', async () => {
    const list = await ids(`/api/v1/tribes/${tribeId}/posts`, who);
    expect(list.includes(tribePostId)).toBe(seesTribe);
    expect(list.includes(publicPostId)).toBe(seesPublic);
  });

  it('can comment or like only where it can read', async () => {
    if (who === 'anonymous') {
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/posts/${publicPostId}/like` })).statusCode).toBe(401);
      return;
    }
    const like = await t.app.inject({ method: 'POST', url: `/api/v1/posts/${tribePostId}/like`, headers: bearer(tokens[who]) });
    expect(like.statusCode).toBe(seesTribe ? 200 : 404);
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${tribePostId}/comments`,
      payload: { body: 'hi' },
      headers: bearer(tokens[who]),
    });
    expect(comment.statusCode).toBe(seesTribe ? 201 : 404);
    expect((await get(`/api/v1/posts/${tribePostId}/comments`, who)).statusCode).toBe(seesTribe ? 200 : 404);
  });
});

describe('the feed', () => {
  it('shows my tribes\u2019 posts and public posts, newest first, never a blocked author', async () => {
    expect(await ids('/api/v1/feed', 'member')).toEqual([publicPostId, tribePostId]);
    expect(await ids('/api/v1/feed', 'outsider')).toEqual([publicPostId]);
    expect(await ids('/api/v1/feed', 'blocked')).toEqual([]);
    expect((await get('/api/v1/feed', 'anonymous')).statusCode).toBe(401);
  });

  it('paginates with a stable cursor and refuses a forged one', async () => {
    const author = tokens.author;
    // Same instant for all five: the cursor must still walk them without a gap or a repeat.
    for (let i = 0; i < 5; i++) await createPost(t, author, { body: `page ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/v1/feed?limit=3${cursor ? `&cursor=${cursor}` : ''}`, 'member');
      const data = res.json().data as { items: { id: string }[]; next_cursor: string | null };
      seen.push(...data.items.map((p) => p.id));
      cursor = data.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(7);
    expect((await get('/api/v1/feed?cursor=bm9wZQ', 'member')).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify({ at: new Date().toISOString(), id: 'not-a-uuid' })).toString('base64url');
    expect((await get(`/api/v1/feed?cursor=${forged}`, 'member')).statusCode).toBe(400);
  });
});

describe('profiles', () => {
  it('hides a blocked pair from each other both ways', async () => {
    const me = (await get('/api/v1/me', 'blocked')).json().data.user.id as string;
    const authorId = (await get('/api/v1/me', 'author')).json().data.user.id as string;
    expect((await get(`/api/v1/users/${authorId}`, 'blocked')).statusCode).toBe(404);
    const seenByAuthor = await get(`/api/v1/users/${me}`, 'author');
    expect(seenByAuthor.statusCode).toBe(200);
    expect(seenByAuthor.json().data.profile.blocked_by_me).toBe(true);
    expect((await get(`/api/v1/users/${authorId}/posts`, 'blocked')).statusCode).toBe(404);
  });
});
