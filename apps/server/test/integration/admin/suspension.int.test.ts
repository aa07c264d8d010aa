import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { logIn, signUp } from '#test/factories.js';
import { operatorEmails, operatorEnv, signUpOperator } from './admin-helpers.js';

const emails = operatorEmails(2);
let t: TestApp;
let op: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  t = await buildTestApp({ env: operatorEnv(emails) });
  op = await signUpOperator(t, emails[0]!);
});
afterAll(async () => t.close());

const call = caller(() => t, { prefix: '/api' });
const login = (u: { email: string; password: string }) =>
  call('POST', '/v1/auth/login', null, { email: u.email, password: u.password });
const auditOf = async (targetId: string) =>
  (await call('GET', `/v1/admin/audit?target_id=${targetId}`, op.token)).body.data.items as {
    action: string;
    reason: string;
    actor: { id: string } | null;
    ip: string | null;
  }[];

describe('finding people', () => {
  it('matches name, email or phone, filters by status and pages with a cursor', async () => {
    const tag = `Zephyrine${Date.now()}`;
    const a = await signUp(t, { name: `${tag} Alpha` });
    t.clock.advance(1000); // newest first: b signed up after a
    const b = await signUp(t, { name: `${tag} Beta` });
    const byName = await call('GET', `/v1/admin/users?q=${tag.toLowerCase()}`, op.token);
    expect(byName.status).toBe(200);
    expect(byName.body.data.items.map((u: { id: string }) => u.id)).toEqual([b.user.id, a.user.id]);
    expect(byName.body.data.items[0]).toMatchObject({ email: b.email, status: 'active', platform_role: null, suspension: null });
    expect(byName.body.data.items[0].last_seen_at).not.toBeNull();

    const byEmail = await call('GET', `/v1/admin/users?q=${encodeURIComponent(a.email.slice(0, 14))}`, op.token);
    expect(byEmail.body.data.items.map((u: { id: string }) => u.id)).toEqual([a.user.id]);

    const first = await call('GET', `/v1/admin/users?q=${tag}&limit=1`, op.token);
    expect(first.body.data.items).toHaveLength(1);
    const second = await call('GET', `/v1/admin/users?q=${tag}&limit=1&cursor=${first.body.data.next_cursor}`, op.token);
    expect(second.body.data.items[0].id).toBe(a.user.id);
    expect(second.body.data.next_cursor).toBeNull();

    expect((await call('GET', `/v1/admin/users?q=${tag}&status=suspended`, op.token)).body.data.items).toEqual([]);
    expect((await call('GET', '/v1/admin/users?cursor=garbage', op.token)).status).toBe(400);
    expect((await call('GET', '/v1/admin/users?status=gone', op.token)).status).toBe(400);
    expect((await call('GET', `/v1/admin/users/${crypto.randomUUID()}`, op.token)).status).toBe(404);
  });
});

describe('suspending a person', () => {
  it('takes effect at once: old sessions refused, sign-in refused with the reason and end; lifted, they sign in again', async () => {
    const member = await signUp(t);
    const second = await logIn(t, member);
    expect((await call('GET', '/v1/me', second)).status).toBe(200);
    const until = new Date(t.clock.now().getTime() + 7 * 24 * 3600 * 1000).toISOString();

    const res = await call('POST', `/v1/admin/users/${member.user.id}/suspend`, op.token, {
      reason: 'Spam in twenty tribes',
      until,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ status: 'suspended', suspension: { reason: 'Spam in twenty tribes', until } });

    for (const token of [member.token, second]) expect((await call('GET', '/v1/me', token)).status).toBe(401);
    const refused = await login(member);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      status: 'error',
      error_type: 'account_suspended',
      data: { reason: 'Spam in twenty tribes', until },
    });
    expect(refused.body.data.auth_token).toBeUndefined();

    const listed = await call('GET', '/v1/admin/users?status=suspended', op.token);
    expect(listed.body.data.items.map((u: { id: string }) => u.id)).toContain(member.user.id);
    const detail = await call('GET', `/v1/admin/users/${member.user.id}`, op.token);
    expect(detail.body.data.notices).toMatchObject([
      { kind: 'suspension', reason: 'Spam in twenty tribes', until, appeal: { status: 'none' } },
    ]);
    expect(detail.body.data.history).toMatchObject([{ action: 'user.suspend', reason: 'Spam in twenty tribes' }]);

    t.clock.advance(1000);
    const lifted = await call('POST', `/v1/admin/users/${member.user.id}/unsuspend`, op.token, { reason: 'Appeal heard' });
    expect(lifted.status).toBe(200);
    expect(lifted.body.data.user).toMatchObject({ status: 'active', suspension: null });
    const signedIn = await login(member);
    expect(signedIn.status).toBe(200);
    // Told of the suspension and of its end, each with its reason.
    const bell = await call('GET', '/v1/notifications', signedIn.body.data.auth_token);
    const told = (bell.body.data.items as { kind: string; subject: { title?: string | null } | null }[])
      .filter((n) => n.kind === 'moderation_notice')
      .map((n) => n.subject?.title);
    expect(told).toEqual(['Appeal heard', 'Spam in twenty tribes']);

    const audit = await auditOf(member.user.id);
    expect(audit.map((e) => [e.action, e.reason])).toEqual([
      ['user.unsuspend', 'Appeal heard'],
      ['user.suspend', 'Spam in twenty tribes'],
    ]);
    for (const e of audit) {
      expect(e.actor?.id).toBe(op.user.id);
      expect(e.ip).toBeTruthy();
    }
    // The audit can be read by actor too.
    const mine = await call('GET', `/v1/admin/audit?actor_id=${op.user.id}`, op.token);
    expect(mine.body.data.items.length).toBeGreaterThanOrEqual(2);
  });

  it('lifts a suspension by itself once its end has passed, at the next sign-in', async () => {
    const member = await signUp(t);
    const until = new Date(t.clock.now().getTime() + 3600 * 1000).toISOString();
    expect(
      (await call('POST', `/v1/admin/users/${member.user.id}/suspend`, op.token, { reason: 'Cool off', until })).status,
    ).toBe(200);
    expect((await login(member)).body.error_type).toBe('account_suspended');
    t.clock.advance(2 * 3600 * 1000);
    expect((await login(member)).status).toBe(200);
    const detail = await call('GET', `/v1/admin/users/${member.user.id}`, op.token);
    expect(detail.body.data.user).toMatchObject({ status: 'active', suspension: null });
  });

  it('refuses bad acts with a clear 4xx and changes nothing', async () => {
    const member = await signUp(t);
    const other = await signUpOperator(t, emails[1]!);
    const suspend = (id: string, body: object, who = op) => call('POST', `/v1/admin/users/${id}/suspend`, who.token, body);

    const self = await suspend(op.user.id, { reason: 'Testing myself' });
    expect(self.status).toBe(409);
    expect(self.body.error_type).toBe('cannot_act_on_self');
    const notSuspended = await call('POST', `/v1/admin/users/${member.user.id}/unsuspend`, op.token, {
      reason: 'Nothing to lift',
    });
    expect(notSuspended.status).toBe(409);
    expect(notSuspended.body.error_type).toBe('not_suspended');
    const past = await suspend(member.user.id, { reason: 'Late', until: new Date(t.clock.now().getTime() - 1000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.errors.until).toBeDefined();
    for (const body of [{}, { reason: '' }, { reason: 'ok', extra: 1 }, { reason: 'ok', until: 'tomorrow' }]) {
      expect((await suspend(member.user.id, body)).status).toBe(400);
    }
    expect((await suspend(crypto.randomUUID(), { reason: 'Nobody' })).status).toBe(404);

    expect((await suspend(member.user.id, { reason: 'First' })).status).toBe(200);
    const twice = await suspend(member.user.id, { reason: 'Second' }, other);
    expect(twice.status).toBe(409);
    expect(twice.body.error_type).toBe('already_suspended');

    // Only the one act went through; the refused ones left no trace.
    expect((await auditOf(member.user.id)).map((e) => e.reason)).toEqual(['First']);
    expect((await auditOf(op.user.id)).map((e) => e.action)).toEqual(['operator.grant']);
    expect((await login(op)).status).toBe(200);
  });
});
