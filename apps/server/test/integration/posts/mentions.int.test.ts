import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { addComment, bearer, createPost, createTribe, joinTribe, signUp, signUpLeader } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

// A letter first: six hex digits that happen to be all digits would read as the sign-up code in the mail.
const tag = () => `m${randomBytes(3).toString('hex')}`;

const notifications = async (token: string) =>
  (await t.app.inject({ url: '/api/v1/notifications', headers: bearer(token) })).json().data.items as {
    kind: string;
    actor: { id: string } | null;
    subject: { type: string; id: string };
  }[];

const comment = (token: string, postId: string, body: string) => addComment(t, token, postId, body);
/** The kinds in a leader's bell but the news of members joining their tribe (the scene's own joins). */
const kindsBesidesJoins = async (token: string) =>
  (await notifications(token)).map((n) => n.kind).filter((k) => k !== 'member_joined');

/** A tribe with a leader and a member named `Salma <tag>` and `Salma <tag> Bennani` (a name that is a prefix of another). */
async function tribeWithMembers() {
  const id = tag();
  const leader = await signUpLeader(t, { name: `Leader ${id}` });
  const tribe = await createTribe(t, leader.token);
  const salma = await signUp(t, { name: `Salma ${id}` });
  const salmaBennani = await signUp(t, { name: `Salma ${id} Bennani` });
  const youssef = await signUp(t, { name: `يوسف ${id} العلوي` });
  for (const m of [salma, salmaBennani, youssef]) await joinTribe(t, m.token, tribe.id);
  const outsider = await signUp(t, { name: `Outsider ${id}` });
  return { id, leader, tribe, salma, salmaBennani, youssef, outsider };
}

describe('@mentions', () => {
  it('a member named in a comment is told (mention, subject the post); an outsider named is not; the writer never', async () => {
    const { id, leader, tribe, salma, salmaBennani, youssef, outsider } = await tribeWithMembers();
    const post = await createPost(t, leader.token, { body: 'Harvest plans', tribe_id: tribe.id, visibility: 'tribe' });
    await comment(
      youssef.token,
      post.id,
      `Ask @salma ${id} bennani, and @Outsider ${id}! Me: @يوسف ${id} العلوي. Mail: x@Salma ${id}`,
    );

    const told = (await notifications(salmaBennani.token)).filter((n) => n.kind === 'mention');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ actor: { id: youssef.user.id }, subject: { type: 'post', id: post.id } });
    // "Salma <tag>" is a prefix of the longer name the text continues with: not her.
    expect(await notifications(salma.token)).toEqual([]);
    // Not a member of the tribe, so cannot see the post.
    expect(await notifications(outsider.token)).toEqual([]);
    // The writer's own name is no notice to them.
    expect(await notifications(youssef.token)).toEqual([]);
    // The post's author, not named, hears of the comment as before (besides the three members joining, issue 37.8).
    expect(await kindsBesidesJoins(leader.token)).toEqual(['comment']);
  });

  it("the post's author named in a comment gets one notice (the mention), not two", async () => {
    const { id, leader, tribe, salma } = await tribeWithMembers();
    const post = await createPost(t, leader.token, { body: 'Who brings water?', tribe_id: tribe.id });
    await comment(salma.token, post.id, `@Leader ${id} I will`);
    expect(await kindsBesidesJoins(leader.token)).toEqual(['mention']);
  });

  it('a post names members once: editing it tells only people it names for the first time', async () => {
    const { id, leader, tribe, salma, youssef } = await tribeWithMembers();
    const post = await createPost(t, leader.token, { body: `Welcome @Salma ${id}`, tribe_id: tribe.id });
    expect((await notifications(salma.token)).map((n) => n.kind)).toEqual(['mention']);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${post.id}`,
      payload: { body: `Welcome @Salma ${id} and @يوسف ${id} العلوي` },
      headers: bearer(leader.token),
    });
    expect(edit.statusCode).toBe(200);
    expect((await notifications(salma.token)).map((n) => n.kind)).toEqual(['mention']);
    expect((await notifications(youssef.token)).map((n) => n.kind)).toEqual(['mention']);
  });

  it('a public post without a tribe may name anyone, except across a block', async () => {
    const id = tag();
    const writer = await signUp(t, { name: `Writer ${id}` });
    const friend = await signUp(t, { name: `Friend ${id}` });
    const blocker = await signUp(t, { name: `Blocker ${id}` });
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${writer.user.id}/block`,
      headers: bearer(blocker.token),
    });
    expect(block.statusCode).toBeLessThan(300);
    await createPost(t, writer.token, { body: `Hello @Friend ${id} and @Blocker ${id}` });
    expect((await notifications(friend.token)).map((n) => n.kind)).toEqual(['mention']);
    expect(await notifications(blocker.token)).toEqual([]);
  });
});
