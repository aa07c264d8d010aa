import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { signUp } from '#test/factories.js';
import { ageAccounts, apiCaller, block, sendText, startConversation, tribeMates } from './messages-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());
const call = apiCaller(() => t);

describe('starting conversations', () => {
  it('finds a direct conversation again, from either side', async () => {
    const { people } = await tribeMates(t, ['Ana Leader', 'Ben Member']);
    const [ana, ben] = people as [(typeof people)[0], (typeof people)[0]];
    const first = await call('POST', '/v1/conversations', ana.token, { member_ids: [ben.user.id] });
    expect(first.status).toBe(201);
    expect(first.body.data.conversation).toMatchObject({
      kind: 'direct',
      title: null,
      state: 'active',
      unread_count: 0,
      muted: false,
    });
    expect(first.body.data.conversation.members.map((m: { id: string }) => m.id).sort()).toEqual(
      [ana.user.id, ben.user.id].sort(),
    );
    const again = await call('POST', '/v1/conversations', ana.token, { member_ids: [ben.user.id] });
    expect(again.status).toBe(200);
    expect(again.body.data.conversation.id).toBe(first.body.data.conversation.id);
    const fromBen = await call('POST', '/v1/conversations', ben.token, { member_ids: [ana.user.id, ana.user.id] });
    expect(fromBen.body.data.conversation.id).toBe(first.body.data.conversation.id);
  });

  it('makes a group of up to 32 with a title, and refuses 32 others', async () => {
    const { people } = await tribeMates(t, ['G Lead', 'G Two', 'G Three']);
    const [lead, ...rest] = people;
    const res = await call('POST', '/v1/conversations', lead!.token, {
      member_ids: rest.map((p) => p.user.id),
      title: '  Planning  ',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.conversation).toMatchObject({ kind: 'group', title: 'Planning' });
    expect(res.body.data.conversation.members).toHaveLength(3);
    const tooMany = Array.from({ length: 32 }, () => crypto.randomUUID());
    const refused = await call('POST', '/v1/conversations', lead!.token, { member_ids: tooMany });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.member_ids).toBeDefined();
  });

  it('refuses a conversation with oneself (422), nobody, strangers that do not exist, and bad fields', async () => {
    const me = await signUp(t);
    const self = await call('POST', '/v1/conversations', me.token, { member_ids: [me.user.id] });
    expect(self.status).toBe(422);
    expect(self.body).toMatchObject({ status: 'error', error_type: 'conversation_with_self' });
    expect((await call('POST', '/v1/conversations', me.token, { member_ids: [] })).status).toBe(400);
    expect((await call('POST', '/v1/conversations', me.token, { member_ids: ['nope'] })).body.errors).toHaveProperty([
      'member_ids.0',
    ]);
    expect((await call('POST', '/v1/conversations', me.token, { member_ids: [crypto.randomUUID()] })).status).toBe(404);
    const extra = await call('POST', '/v1/conversations', me.token, { member_ids: [me.user.id], admin: true });
    expect(extra.status).toBe(400);
    expect((await call('POST', '/v1/conversations', me.token, { member_ids: [me.user.id], title: 'x'.repeat(101) })).status).toBe(
      400,
    );
    expect((await call('POST', '/v1/conversations', null, { member_ids: [me.user.id] })).status).toBe(401);
  });

  it('lets a new account (under 24 h) write only to tribe-mates', async () => {
    const { people } = await tribeMates(t, ['Mate One', 'Mate Two']);
    const stranger = await signUp(t, { name: 'Fresh Stranger' });
    const toStranger = await call('POST', '/v1/conversations', people[0]!.token, { member_ids: [stranger.user.id] });
    expect(toStranger.status).toBe(403);
    expect(toStranger.body.error_type).toBe('account_too_new');
    expect((await call('POST', '/v1/conversations', people[0]!.token, { member_ids: [people[1]!.user.id] })).status).toBe(201);
  });

  it('refuses across a block, either way (403 blocked)', async () => {
    const { people } = await tribeMates(t, ['Blocker B', 'Blocked C', 'Third D']);
    const [b, c, d] = people;
    await block(t, b!.token, c!.user.id);
    for (const [from, to] of [
      [b!, c!],
      [c!, b!],
    ] as const) {
      const res = await call('POST', '/v1/conversations', from.token, { member_ids: [to.user.id] });
      expect(res.status).toBe(403);
      expect(res.body.error_type).toBe('blocked');
    }
    expect((await call('POST', '/v1/conversations', c!.token, { member_ids: [d!.user.id, b!.user.id] })).status).toBe(403);
  });
});

describe('requests', () => {
  it('is a request to someone who shares no tribe: accepted, it becomes active; declined, nothing more comes', async () => {
    const asker = await signUp(t, { name: 'Asker' });
    const asked = await signUp(t, { name: 'Asked' });
    const declining = await signUp(t, { name: 'Decliner' });
    ageAccounts(t);
    const start = await call('POST', '/v1/conversations', asker.token, { member_ids: [asked.user.id] });
    expect(start.status).toBe(201);
    expect(start.body.data.conversation.state).toBe('request_sent');
    const id = start.body.data.conversation.id as string;
    await sendText(t, asker.token, id, 'hello, may I ask something?');
    const mine = await call('GET', '/v1/conversations', asked.token);
    expect(mine.body.data.items[0]).toMatchObject({ id, state: 'request_pending', unread_count: 1 });
    // Not accepted yet: the asked person may read, not write.
    expect((await call('GET', `/v1/conversations/${id}/messages`, asked.token)).status).toBe(200);
    const early = await call('POST', `/v1/conversations/${id}/messages`, asked.token, { body: 'hi' });
    expect(early.status).toBe(403);
    expect(early.body.error_type).toBe('request_pending');
    // Only the asked person accepts.
    expect((await call('POST', `/v1/conversations/${id}/accept`, asker.token)).body.error_type).toBe('not_a_request');
    const accepted = await call('POST', `/v1/conversations/${id}/accept`, asked.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.conversation.state).toBe('active');
    expect((await call('GET', `/v1/conversations/${id}`, asker.token)).body.data.conversation.state).toBe('active');
    await sendText(t, asked.token, id, 'sure');

    const other = await call('POST', '/v1/conversations', asker.token, { member_ids: [declining.user.id] });
    const otherId = other.body.data.conversation.id as string;
    expect((await call('POST', `/v1/conversations/${otherId}/decline`, declining.token)).status).toBe(200);
    expect((await call('GET', `/v1/conversations/${otherId}`, declining.token)).status).toBe(404);
    const after = await call('POST', `/v1/conversations/${otherId}/messages`, asker.token, { body: 'again?' });
    expect(after.status).toBe(403);
    // Starting again does not bring a declined request back.
    await call('POST', '/v1/conversations', asker.token, { member_ids: [declining.user.id] });
    expect((await call('GET', '/v1/conversations', declining.token)).body.data.items).toHaveLength(0);
  });
});

describe('membership', () => {
  it('answers 404 to anyone not in the conversation, for every act on it', async () => {
    const { people } = await tribeMates(t, ['In One', 'In Two', 'Outsider']);
    const id = await startConversation(t, people[0]!.token, [people[1]!.user.id]);
    const message = await sendText(t, people[0]!.token, id, 'private words');
    const out = people[2]!.token;
    expect((await call('GET', `/v1/conversations/${id}`, out)).status).toBe(404);
    expect((await call('GET', `/v1/conversations/${id}/messages`, out)).status).toBe(404);
    expect((await call('POST', `/v1/conversations/${id}/messages`, out, { body: 'x' })).status).toBe(404);
    expect((await call('POST', `/v1/conversations/${id}/read`, out, { up_to: message.id })).status).toBe(404);
    for (const act of ['accept', 'decline', 'leave', 'mute'])
      expect((await call('POST', `/v1/conversations/${id}/${act}`, out, {})).status).toBe(404);
    expect((await call('PATCH', `/v1/messages/${message.id}`, out, { body: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/v1/messages/${message.id}`, out)).status).toBe(404);
    expect((await call('POST', `/v1/messages/${message.id}/report`, out, { reason: 'x' })).status).toBe(404);
    expect((await call('GET', `/v1/conversations/${crypto.randomUUID()}`, people[0]!.token)).status).toBe(404);
    expect((await call('GET', '/v1/conversations/not-a-uuid', people[0]!.token)).status).toBe(400);
  });

  it('lists latest activity first with unread counts; leaving drops it; muting is mine alone', async () => {
    const { people } = await tribeMates(t, ['List A', 'List B', 'List C']);
    const [a, b, c] = people;
    const ab = await startConversation(t, a!.token, [b!.user.id]);
    const ac = await startConversation(t, a!.token, [c!.user.id]);
    t.clock.advance(1000);
    await sendText(t, b!.token, ab, 'one');
    await sendText(t, b!.token, ab, 'two');
    const list = await call('GET', '/v1/conversations?limit=1', a!.token);
    expect(list.body.data.items[0]).toMatchObject({ id: ab, unread_count: 2, last_message: { body: 'two' } });
    expect(list.body.data.unread_total).toBe(2);
    const next = await call('GET', `/v1/conversations?limit=1&cursor=${list.body.data.next_cursor as string}`, a!.token);
    expect(next.body.data.items[0].id).toBe(ac);
    expect((await call('GET', '/v1/conversations?cursor=garbage', a!.token)).status).toBe(400);

    const muted = await call('POST', `/v1/conversations/${ab}/mute`, a!.token, {});
    expect(muted.body.data.conversation.muted).toBe(true);
    expect((await call('GET', `/v1/conversations/${ab}`, b!.token)).body.data.conversation.muted).toBe(false);
    expect((await call('GET', '/v1/conversations', a!.token)).body.data.unread_total).toBe(0);
    expect((await call('POST', `/v1/conversations/${ab}/mute`, a!.token, { muted: false })).body.data.conversation.muted).toBe(
      false,
    );
    expect((await call('POST', `/v1/conversations/${ab}/mute`, a!.token, { muted: 'yes' })).status).toBe(400);

    expect((await call('POST', `/v1/conversations/${ac}/leave`, c!.token)).status).toBe(200);
    expect((await call('GET', `/v1/conversations/${ac}`, c!.token)).status).toBe(404);
    expect((await call('GET', `/v1/conversations/${ac}`, a!.token)).body.data.conversation.members).toHaveLength(1);
    // Starting the pair's conversation again brings it back.
    expect((await call('POST', '/v1/conversations', c!.token, { member_ids: [a!.user.id] })).body.data.conversation.id).toBe(ac);
  });
});
