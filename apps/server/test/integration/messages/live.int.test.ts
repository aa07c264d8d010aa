import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { pusherClient, until } from '#test/realtime-clients.js';
import { apiCaller, block, sendText, startConversation, tribeMates, type Member } from './messages-helpers.js';

/**
 * Live messages with the stock pusher-js client (DESIGN 11.4): each member's `private-user.{id}`
 * channel, typing whispers on `private-conversation.{id}` for members only, nothing across a block.
 * Absence is shown by a later event on the same channel arriving first (channels keep their order),
 * never by waiting.
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
const call = apiCaller(() => t);

interface Inbox {
  ready: boolean;
  created: { body: string; unread: number }[];
  updated: { id: string; deleted: boolean; body: string }[];
  read: string[];
  conversations: string[];
  refused: string[];
  whispers: unknown[];
  client: ReturnType<typeof pusherClient>;
}

/** A member's socket on their own messages channel, recording what arrives. */
function inbox(m: Member): Inbox {
  const client = pusherClient(t, m.token);
  closers.push(() => client.disconnect());
  const box: Inbox = { ready: false, created: [], updated: [], read: [], conversations: [], refused: [], whispers: [], client };
  const ch = client.subscribe(`private-user.${m.user.id}`);
  ch.bind('pusher:subscription_succeeded', () => (box.ready = true));
  ch.bind('message.created', (e: { message: { body: string }; unread_count: number }) =>
    box.created.push({ body: e.message.body, unread: e.unread_count }),
  );
  ch.bind('message.updated', (e: { message: { id: string; deleted: boolean; body: string } }) => box.updated.push(e.message));
  ch.bind('message.read', (e: { read: { up_to: string } }) => box.read.push(e.read.up_to));
  ch.bind('conversation.updated', (e: { conversation: { id: string } }) => box.conversations.push(e.conversation.id));
  return box;
}

describe('live messages', () => {
  it('delivers a message, its edit and its deletion to every member, with their unread count', async () => {
    const { people } = await tribeMates(t, ['Live A', 'Live B', 'Live C']);
    const [a, b, c] = people as [Member, Member, Member];
    const boxes = [inbox(a), inbox(b), inbox(c)];
    await until(() => boxes.every((x) => x.ready), 5000, 'subscriptions');
    const id = await startConversation(t, a.token, [b.user.id, c.user.id], 'Live');
    await until(() => boxes.every((x) => x.conversations.includes(id)), 5000, 'conversation.updated');
    const m = await sendText(t, a.token, id, 'hello all');
    await until(() => boxes.every((x) => x.created.length === 1), 5000, 'message.created');
    expect(boxes[1]!.created[0]).toEqual({ body: 'hello all', unread: 1 });
    expect(boxes[0]!.created[0]).toEqual({ body: 'hello all', unread: 0 });
    await call('PATCH', `/v1/messages/${m.id}`, a.token, { body: 'hello everyone' });
    await call('DELETE', `/v1/messages/${m.id}`, a.token);
    await until(() => boxes.every((x) => x.updated.length === 2), 5000, 'message.updated');
    expect(boxes[2]!.updated.map((u) => [u.body, u.deleted])).toEqual([
      ['hello everyone', false],
      ['', true],
    ]);
  });

  it('delivers nothing across a block in a group, either way', async () => {
    const { people } = await tribeMates(t, ['Blk A', 'Blk B', 'Blk C']);
    const [a, b, c] = people as [Member, Member, Member];
    const id = await startConversation(t, a.token, [b.user.id, c.user.id], 'Group');
    await block(t, b.token, c.user.id);
    const [bx, cx] = [inbox(b), inbox(c)];
    await until(() => bx.ready && cx.ready, 5000, 'subscriptions');
    await sendText(t, c.token, id, 'from the blocked one');
    await sendText(t, b.token, id, 'from the blocker');
    await sendText(t, a.token, id, 'from a third');
    await until(
      () => bx.created.some((x) => x.body === 'from a third') && cx.created.some((x) => x.body === 'from a third'),
      5000,
      'third',
    );
    expect(bx.created.map((x) => x.body)).toEqual(['from the blocker', 'from a third']);
    expect(cx.created.map((x) => x.body)).toEqual(['from the blocked one', 'from a third']);
    // Nor in the thread they read.
    const thread = await call('GET', `/v1/conversations/${id}/messages`, b.token);
    expect(thread.body.data.items.map((x: { body: string }) => x.body)).not.toContain('from the blocked one');
  });

  it('sends read markers only when both sides have read receipts on', async () => {
    const { people } = await tribeMates(t, ['Rcpt A', 'Rcpt B']);
    const [a, b] = people as [Member, Member];
    const ax = inbox(a);
    await until(() => ax.ready, 5000, 'subscription');
    const id = await startConversation(t, a.token, [b.user.id]);
    const m1 = await sendText(t, a.token, id, 'one');
    await call('POST', `/v1/conversations/${id}/read`, b.token, { up_to: m1.id });
    await until(() => ax.read.includes(m1.id), 5000, 'message.read');
    await call('PATCH', '/v1/me/settings', b.token, { read_receipts: false });
    const m2 = await sendText(t, a.token, id, 'two');
    await call('POST', `/v1/conversations/${id}/read`, b.token, { up_to: m2.id });
    // A later event on the same channel arrives after any marker would have.
    await sendText(t, b.token, id, 'three');
    await until(() => ax.created.some((x) => x.body === 'three'), 5000, 'three');
    expect(ax.read).toEqual([m1.id]);
  });

  it("authorises a member's own channel and a conversation's typing channel for its members only", async () => {
    const { people } = await tribeMates(t, ['Chan A', 'Chan B', 'Chan Out']);
    const [a, b, out] = people as [Member, Member, Member];
    const id = await startConversation(t, a.token, [b.user.id]);
    const subscribe = (m: Member, channel: string) =>
      new Promise<boolean>((resolve) => {
        const client = pusherClient(t, m.token);
        closers.push(() => client.disconnect());
        const ch = client.subscribe(channel);
        ch.bind('pusher:subscription_succeeded', () => resolve(true));
        ch.bind('pusher:subscription_error', () => resolve(false));
      });
    expect(await subscribe(a, `private-conversation.${id}`)).toBe(true);
    expect(await subscribe(out, `private-conversation.${id}`)).toBe(false);
    expect(await subscribe(out, `private-user.${a.user.id}`)).toBe(false);

    // client-typing between the two members.
    const ac = pusherClient(t, a.token);
    const bc = pusherClient(t, b.token);
    closers.push(
      () => ac.disconnect(),
      () => bc.disconnect(),
    );
    const typing: unknown[] = [];
    let aReady = false;
    let bReady = false;
    const bch = bc.subscribe(`private-conversation.${id}`);
    bch.bind('pusher:subscription_succeeded', () => (bReady = true));
    bch.bind('client-typing', (e: unknown) => typing.push(e));
    const ach = ac.subscribe(`private-conversation.${id}`);
    ach.bind('pusher:subscription_succeeded', () => (aReady = true));
    await until(() => aReady && bReady, 5000, 'typing channel');
    ach.trigger('client-typing', { user_id: a.user.id, name: 'Chan A', typing: true });
    await until(() => typing.length === 1, 5000, 'client-typing');
    expect(typing[0]).toEqual({ user_id: a.user.id, name: 'Chan A', typing: true });
  });
});
