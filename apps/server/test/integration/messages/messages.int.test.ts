import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { newKey } from '#test/factories.js';
import { apiCaller, sendText, startConversation, tribeMates } from './messages-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());
const call = apiCaller(() => t);
const MINUTE = 60_000;

async function pair(names: [string, string]) {
  const { people } = await tribeMates(t, names);
  const [a, b] = people as [(typeof people)[0], (typeof people)[0]];
  return { a, b, id: await startConversation(t, a.token, [b.user.id]) };
}

describe('sending', () => {
  it('stores trimmed text, refuses empty or too long text and unknown fields, and pages the thread newest first', async () => {
    const { a, b, id } = await pair(['Send A', 'Send B']);
    const sent = await call('POST', `/v1/conversations/${id}/messages`, a.token, { body: '  hello  ' });
    expect(sent.status).toBe(201);
    expect(sent.body.data.message).toMatchObject({
      conversation_id: id,
      body: 'hello',
      attachments: [],
      edited_at: null,
      deleted: false,
      sender: { id: a.user.id, name: 'Send A' },
    });
    const empty = await call('POST', `/v1/conversations/${id}/messages`, a.token, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.body).toBeDefined();
    expect((await call('POST', `/v1/conversations/${id}/messages`, a.token, {})).body.errors.body).toBeDefined();
    expect(
      (await call('POST', `/v1/conversations/${id}/messages`, a.token, { body: 'x'.repeat(4001) })).body.errors.body,
    ).toBeDefined();
    expect((await call('POST', `/v1/conversations/${id}/messages`, a.token, { body: 'x', sender_id: b.user.id })).status).toBe(
      400,
    );
    expect((await call('POST', `/v1/conversations/${id}/messages`, a.token, { body: 'x', waveform: [300] })).status).toBe(400);
    expect((await call('POST', `/v1/conversations/${id}/messages`, null, { body: 'x' })).status).toBe(401);

    for (const body of ['two', 'three']) await sendText(t, b.token, id, body);
    const page = await call('GET', `/v1/conversations/${id}/messages?limit=2`, a.token);
    expect(page.body.data.items.map((m: { body: string }) => m.body)).toEqual(['three', 'two']);
    const rest = await call(
      'GET',
      `/v1/conversations/${id}/messages?limit=2&cursor=${page.body.data.next_cursor as string}`,
      a.token,
    );
    expect(rest.body.data.items.map((m: { body: string }) => m.body)).toEqual(['hello']);
    expect(rest.body.data.next_cursor).toBeNull();
    const before = await call('GET', `/v1/conversations/${id}/messages?before=${page.body.data.items[1].id as string}`, a.token);
    expect(before.body.data.items.map((m: { body: string }) => m.body)).toEqual(['hello']);
    expect(
      (await call('GET', `/v1/conversations/${id}/messages?before=${crypto.randomUUID()}`, a.token)).body.errors.before,
    ).toBeDefined();
    expect((await call('GET', `/v1/conversations/${id}/messages?cursor=xyz`, a.token)).status).toBe(400);
    expect((await call('GET', `/v1/conversations/${id}/messages?limit=51`, a.token)).status).toBe(400);
  });

  it('stores a send retried with the same Idempotency-Key once, and refuses the key with another body (409)', async () => {
    const { a, id } = await pair(['Idem A', 'Idem B']);
    const key = newKey();
    const first = await call(
      'POST',
      `/v1/conversations/${id}/messages`,
      a.token,
      { body: 'only once' },
      { 'idempotency-key': key },
    );
    const again = await call(
      'POST',
      `/v1/conversations/${id}/messages`,
      a.token,
      { body: 'only once' },
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.message.id).toBe(first.body.data.message.id);
    const thread = await call('GET', `/v1/conversations/${id}/messages`, a.token);
    expect(thread.body.data.items.filter((m: { body: string }) => m.body === 'only once')).toHaveLength(1);
    const reused = await call(
      'POST',
      `/v1/conversations/${id}/messages`,
      a.token,
      { body: 'something else' },
      { 'idempotency-key': key },
    );
    expect(reused.status).toBe(409);
    expect(reused.body.error_type).toBe('idempotency_conflict');
    const bad = await call(
      'POST',
      `/v1/conversations/${id}/messages`,
      a.token,
      { body: 'x' },
      { 'idempotency-key': 'k'.repeat(256) },
    );
    expect(bad.status).toBe(400);
  });
});

describe('edits and deletions', () => {
  it('lets the author edit within 15 minutes, nobody else, and never after', async () => {
    const { a, b, id } = await pair(['Edit A', 'Edit B']);
    const m = await sendText(t, a.token, id, 'typo');
    const edited = await call('PATCH', `/v1/messages/${m.id}`, a.token, { body: 'fixed' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.message.body).toBe('fixed');
    expect(edited.body.data.message.edited_at).not.toBeNull();
    const notMine = await call('PATCH', `/v1/messages/${m.id}`, b.token, { body: 'hacked' });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error_type).toBe('not_author');
    expect((await call('PATCH', `/v1/messages/${m.id}`, a.token, { body: ' ' })).status).toBe(400);
    expect((await call('PATCH', `/v1/messages/${m.id}`, a.token, {})).status).toBe(400);
    expect((await call('PATCH', `/v1/messages/${crypto.randomUUID()}`, a.token, { body: 'x' })).status).toBe(404);
    t.clock.advance(16 * MINUTE);
    const late = await call('PATCH', `/v1/messages/${m.id}`, a.token, { body: 'too late' });
    expect(late.status).toBe(409);
    expect(late.body.error_type).toBe('edit_window_closed');
  });

  it('deletes for everyone, leaving a tombstone without text, that cannot be edited', async () => {
    const { a, b, id } = await pair(['Del A', 'Del B']);
    const m = await sendText(t, a.token, id, 'regret');
    expect((await call('DELETE', `/v1/messages/${m.id}`, b.token)).status).toBe(403);
    const gone = await call('DELETE', `/v1/messages/${m.id}`, a.token);
    expect(gone.status).toBe(200);
    expect(gone.body.data.message).toMatchObject({ id: m.id, deleted: true, body: '', attachments: [] });
    const seen = await call('GET', `/v1/conversations/${id}/messages`, b.token);
    expect(seen.body.data.items[0]).toMatchObject({ id: m.id, deleted: true, body: '' });
    expect((await call('DELETE', `/v1/messages/${m.id}`, a.token)).status).toBe(200);
    expect((await call('PATCH', `/v1/messages/${m.id}`, a.token, { body: 'back' })).body.error_type).toBe('message_deleted');
  });
});

describe('reports', () => {
  it('sends a snapshot to the operators; not one own message, not twice', async () => {
    const { a, b, id } = await pair(['Rep A', 'Rep B']);
    const m = await sendText(t, a.token, id, 'something abusive');
    const res = await call('POST', `/v1/messages/${m.id}/report`, b.token, { reason: 'abuse' });
    expect(res.status).toBe(201);
    expect((await call('POST', `/v1/messages/${m.id}/report`, b.token, { reason: 'abuse' })).body.error_type).toBe(
      'already_reported',
    );
    expect((await call('POST', `/v1/messages/${m.id}/report`, a.token, { reason: 'x' })).body.error_type).toBe(
      'cannot_report_own',
    );
    expect((await call('POST', `/v1/messages/${m.id}/report`, b.token, { reason: '' })).status).toBe(400);
    const raw = (await t.database.db.execute(
      sql`select target_type, snapshot from post_reports where target_id = ${m.id}`,
    )) as unknown;
    const list = (Array.isArray(raw) ? raw : (raw as { rows: unknown[] }).rows) as {
      target_type: string;
      snapshot: { text: string };
    }[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ target_type: 'message', snapshot: { text: 'something abusive' } });
  });
});

describe('read markers', () => {
  it('moves forward only, clears the unread count, and shows markers only when both have read receipts on', async () => {
    const { a, b, id } = await pair(['Read A', 'Read B']);
    const m1 = await sendText(t, a.token, id, 'one');
    const m2 = await sendText(t, a.token, id, 'two');
    expect((await call('GET', `/v1/conversations/${id}`, b.token)).body.data.conversation.unread_count).toBe(2);
    const read = await call('POST', `/v1/conversations/${id}/read`, b.token, { up_to: m2.id });
    expect(read.status).toBe(200);
    expect(read.body.data.read).toMatchObject({ conversation_id: id, user_id: b.user.id, up_to: m2.id, unread_count: 0 });
    expect((await call('POST', `/v1/conversations/${id}/read`, b.token, { up_to: m1.id })).body.data.read.up_to).toBe(m2.id);
    expect(
      (await call('POST', `/v1/conversations/${id}/read`, b.token, { up_to: crypto.randomUUID() })).body.errors.up_to,
    ).toBeDefined();
    expect((await call('POST', `/v1/conversations/${id}/read`, b.token, {})).status).toBe(400);
    expect((await call('GET', `/v1/conversations/${id}/messages`, a.token)).body.data.read_markers).toEqual({
      [b.user.id]: m2.id,
    });

    // Off on either side: none sent, none seen.
    expect(
      (await call('PATCH', '/v1/me/settings', b.token, { read_receipts: false })).body.data.user.settings.read_receipts,
    ).toBe(false);
    expect((await call('GET', `/v1/conversations/${id}/messages`, a.token)).body.data.read_markers).toEqual({});
    await call('POST', `/v1/conversations/${id}/read`, a.token, { up_to: m2.id });
    expect((await call('GET', `/v1/conversations/${id}/messages`, b.token)).body.data.read_markers).toEqual({});
    expect((await call('PATCH', '/v1/me/settings', b.token, { read_receipts: 'no' })).status).toBe(400);
  });
});

describe('mail and push of unread messages', () => {
  const told = (email: string) => t.mail.forAddress(email).filter((m) => m.text.includes('sent you a message'));

  it('tells a member once per burst still unread after 10 minutes, not when read or muted', async () => {
    // Earlier tests' conversations are told first, so the counts below are this test's.
    t.clock.advance(11 * MINUTE);
    await t.app.ctx.messages.sendUnreadNotices();
    const { people } = await tribeMates(t, ['Notice A', 'Notice B', 'Notice C']);
    const [a, b, c] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const id = await startConversation(t, a.token, [b.user.id, c.user.id], 'Burst');
    await sendText(t, a.token, id, 'first');
    await sendText(t, a.token, id, 'second');
    await call('POST', `/v1/conversations/${id}/mute`, c.token, {});
    t.clock.advance(9 * MINUTE);
    expect(await t.app.ctx.messages.sendUnreadNotices()).toBe(0);
    t.clock.advance(2 * MINUTE);
    expect(await t.app.ctx.messages.sendUnreadNotices()).toBe(1);
    expect(await t.app.ctx.messages.sendUnreadNotices()).toBe(0);
    await t.app.ctx.mailer.flush();
    expect(told(b.email)).toHaveLength(1);
    expect(told(b.email)[0]!.text).toContain(`/messages/${id}`);
    expect(told(c.email)).toHaveLength(0);
    expect(told(a.email)).toHaveLength(0);

    // Read in time: nothing.
    const m = await sendText(t, a.token, id, 'third');
    await call('POST', `/v1/conversations/${id}/read`, b.token, { up_to: m.id });
    t.clock.advance(11 * MINUTE);
    expect(await t.app.ctx.messages.sendUnreadNotices()).toBe(0);
  });
});
