import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { addComment, bearer, createPost, createTribe, joinTribe, signUp, signUpLeader } from '#test/factories.js';
import { echoClient, until } from '#test/realtime-clients.js';

/**
 * Blocks hold live as they hold in the REST API: with the stock laravel-echo client, nobody
 * receives posts, comments, whispers or presence of someone across a block with them, either way.
 * Assertions wait for a later event on the same channel (channels keep their order), never for time.
 */
let t: TestApp;
const closers: (() => void)[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const close of closers) close();
  await t.close();
});

interface Listener {
  ready: boolean;
  posts: string[];
  comments: string[];
  whispers: string[];
  echo: ReturnType<typeof echoClient>;
}

/** A member's Echo on the tribe's private channel, recording what arrives. */
function listen(token: string, tribeId: string): Listener {
  const echo = echoClient(t, token);
  closers.push(() => echo.disconnect());
  const l: Listener = { ready: false, posts: [], comments: [], whispers: [], echo };
  echo
    .private(`tribe.${tribeId}`)
    .subscribed(() => (l.ready = true))
    .listen('.post.created', (e: { post: { body: string } }) => l.posts.push(e.post.body))
    .listen('.comment.created', (e: { comment: { body: string } }) => l.comments.push(e.comment.body))
    .listenForWhisper('typing', (e: { from: string }) => l.whispers.push(e.from));
  return l;
}

const comment = (token: string, postId: string, body: string) => addComment(t, token, postId, body);
const block = async (token: string, userId: string, method: 'POST' | 'DELETE' = 'POST') => {
  const res = await t.app.inject({ method, url: `/api/v1/users/${userId}/block`, headers: bearer(token) });
  expect(res.statusCode).toBeLessThan(300);
};

async function tribeOfFour() {
  const leader = await signUpLeader(t, { name: 'Leader Lu' });
  const tribe = await createTribe(t, leader.token);
  const ada = await signUp(t, { name: 'Ada Blocker' });
  const bo = await signUp(t, { name: 'Bo Blocked' });
  const cy = await signUp(t, { name: 'Cy Third' });
  for (const m of [ada, bo, cy]) await joinTribe(t, m.token, tribe.id);
  return { leader, tribe, ada, bo, cy };
}

describe('live deliveries respect blocks', () => {
  it('a blocked member receives nothing of the blocker (and the blocker nothing of them) while a third member does', async () => {
    const { leader, tribe, ada, bo, cy } = await tribeOfFour();
    const a = listen(ada.token, tribe.id);
    const b = listen(bo.token, tribe.id);
    const c = listen(cy.token, tribe.id);
    await until(() => a.ready && b.ready && c.ready, 5000, 'subscriptions');

    // Before the block everyone hears Ada (and each node caches that Ada blocks nobody).
    await createPost(t, ada.token, { body: 'ada before', tribe_id: tribe.id, visibility: 'tribe' });
    await until(() => b.posts.includes('ada before') && c.posts.includes('ada before'), 5000, 'first post');

    await block(ada.token, bo.user.id);
    const adaPost = await createPost(t, ada.token, { body: 'ada after', tribe_id: tribe.id, visibility: 'tribe' });
    await createPost(t, bo.token, { body: 'bo after', tribe_id: tribe.id, visibility: 'tribe' });
    const leaderPost = await createPost(t, leader.token, { body: 'leader post', tribe_id: tribe.id, visibility: 'tribe' });
    await comment(ada.token, leaderPost.id, 'ada on leader');
    await comment(leader.token, adaPost.id, 'leader on ada');
    await comment(bo.token, leaderPost.id, 'bo on leader');
    await comment(cy.token, leaderPost.id, 'cy on leader');
    await createPost(t, leader.token, { body: 'sentinel', tribe_id: tribe.id, visibility: 'tribe' });
    await until(() => [a, b, c].every((l) => l.posts.includes('sentinel')), 5000, 'sentinel');

    expect(b.posts).toEqual(['ada before', 'bo after', 'leader post', 'sentinel']);
    expect(b.comments).toEqual(['bo on leader', 'cy on leader']);
    expect(a.posts).toEqual(['ada before', 'ada after', 'leader post', 'sentinel']);
    expect(a.comments).toEqual(['ada on leader', 'leader on ada', 'cy on leader']);
    expect(c.posts).toEqual(['ada before', 'ada after', 'bo after', 'leader post', 'sentinel']);
    expect(c.comments).toEqual(['ada on leader', 'leader on ada', 'bo on leader', 'cy on leader']);

    // Whispers do not cross the block either.
    b.echo.private(`tribe.${tribe.id}`).whisper('typing', { from: 'bo' });
    await until(() => c.whispers.includes('bo'), 5000, 'bo whisper');
    c.echo.private(`tribe.${tribe.id}`).whisper('typing', { from: 'cy' });
    await until(() => a.whispers.includes('cy') && b.whispers.includes('cy'), 5000, 'cy whisper');
    expect(a.whispers).toEqual(['cy']);

    // An unblock takes effect at once.
    await block(ada.token, bo.user.id, 'DELETE');
    await createPost(t, ada.token, { body: 'ada unblocked', tribe_id: tribe.id, visibility: 'tribe' });
    await until(() => b.posts.includes('ada unblocked'), 5000, 'post after unblock');
  });

  it('hides people across a block from each other in presence: who is here, joining', async () => {
    const { tribe, ada, bo, cy } = await tribeOfFour();
    await block(bo.token, ada.user.id);
    const here: Record<string, string[]> = { ada: [], bo: [], cy: [] };
    const joining: Record<string, string[]> = { ada: [], bo: [], cy: [] };
    const join = (name: string, token: string) => {
      const echo = echoClient(t, token);
      closers.push(() => echo.disconnect());
      echo
        .join(`tribe.${tribe.id}`)
        .here((users: { name: string }[]) => (here[name] = users.map((u) => u.name).sort()))
        .joining((u: { name: string }) => joining[name]!.push(u.name));
    };
    join('ada', ada.token);
    await until(() => here.ada!.length === 1, 5000, 'ada here');
    join('bo', bo.token);
    await until(() => here.bo!.length > 0, 5000, 'bo here');
    join('cy', cy.token);
    await until(
      () => here.cy!.length === 3 && joining.ada!.includes('Cy Third') && joining.bo!.includes('Cy Third'),
      5000,
      'cy joins',
    );
    expect(here.bo).toEqual(['Bo Blocked']);
    expect(joining.ada).toEqual(['Cy Third']);
    expect(here.cy).toEqual(['Ada Blocker', 'Bo Blocked', 'Cy Third']);
  });
});
