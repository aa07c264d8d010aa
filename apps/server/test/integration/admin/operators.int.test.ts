import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { createTribe, signUp, signUpLeader } from '#test/factories.js';
import { operatorEmails, operatorEnv, signUpOperator } from './admin-helpers.js';

const emails = operatorEmails(3);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: operatorEnv(emails) });
});
afterAll(async () => t.close());

const call = caller(() => t, { prefix: '/api' });

describe('who may use the operators’ console', () => {
  it('refuses anyone without a session, members, tribe leaders, and operators without two-factor', async () => {
    const member = await signUp(t);
    const leader = await signUpLeader(t);
    await createTribe(t, leader.token);
    const bare = await signUpOperator(t, emails[0]!, { twoFactor: false });

    for (const path of ['/v1/admin/stats', '/v1/admin/users', '/v1/admin/audit', `/v1/admin/users/${member.user.id}`]) {
      expect((await call('GET', path)).status, path).toBe(401);
      for (const who of [member, leader]) {
        const res = await call('GET', path, who.token);
        expect(res.status, path).toBe(403);
        expect(res.body.error_type, path).toBeUndefined();
      }
      const res = await call('GET', path, bare.token);
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ status: 'error', error_type: 'two_factor_required' });
    }
    // A write is refused before its body is read: a member's bad body is 403, not 400.
    const write = await call('POST', `/v1/admin/users/${member.user.id}/suspend`, member.token, { nonsense: true });
    expect(write.status).toBe(403);
    expect((await call('POST', `/v1/admin/tribes/${member.user.id}/suspend`, leader.token, { reason: 'x' })).status).toBe(403);

    // OPERATOR_EMAILS made the account an operator when its email was verified; the member is not one.
    expect((await call('GET', '/v1/me', bare.token)).body.data.user.platform_role).toBe('operator');
    expect((await call('GET', '/v1/me', member.token)).body.data.user.platform_role).toBeNull();
  });

  it('lets an operator with two-factor on read the site’s figures', async () => {
    const op = await signUpOperator(t, emails[1]!);
    const res = await call('GET', '/v1/admin/stats', op.token);
    expect(res.status).toBe(200);
    expect(res.body.data.users.total).toBeGreaterThanOrEqual(4);
    expect(res.body.data.users.active_1d).toBeGreaterThanOrEqual(1);
    expect(res.body.data.tribes.total).toBeGreaterThanOrEqual(1);
    expect(res.body.data).toMatchObject({
      reports: { open: 0 },
      appeals: { open: 0 },
      jobs: { failed: expect.any(Number) },
      realtime: { connections: 0 },
    });
  });

  it('grants and revokes by the command line’s service, a verified account only', async () => {
    const member = await signUp(t);
    const operators = t.app.ctx.operators;
    expect(await operators.grant(member.email)).toEqual({ ok: true, changed: true });
    expect((await call('GET', '/v1/me', member.token)).body.data.user.platform_role).toBe('operator');
    expect(await operators.grant('nobody@example.test')).toEqual({ ok: false, reason: 'unknown_email' });
    // Registered but not verified: not an operator yet.
    const unverified = await call('POST', '/v1/auth/register', null, {
      name: 'Pending',
      email: 'pending.operator@example.test',
      password: 'a long enough passphrase',
      password_confirmation: 'a long enough passphrase',
    });
    expect(unverified.status).toBe(201);
    expect(await operators.grant('pending.operator@example.test')).toEqual({ ok: false, reason: 'unverified_email' });
    expect(await operators.revoke(member.email)).toEqual({ ok: true, changed: true });
    expect(await operators.revoke(member.email)).toEqual({ ok: true, changed: false });
  });
});
