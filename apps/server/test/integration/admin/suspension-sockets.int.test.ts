import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { logIn, signUp } from '#test/factories.js';
import { liveSession, until } from '#test/realtime-clients.js';
import { operatorEmails, operatorEnv, signUpOperator } from './admin-helpers.js';

// DESIGN 11.2: a suspension closes the member's live sockets at once, as a revoked session does (DESIGN 11.7).
const emails = operatorEmails(1);
let t: TestApp;
const closers: (() => void)[] = [];
beforeAll(async () => {
  t = await buildTestApp({ env: operatorEnv(emails) });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const close of closers) close();
  await t.close();
});

const call = caller(() => t, { prefix: '/api' });

describe('a suspension and the member’s sockets', () => {
  it('closes every socket of every session of the member with 4009, and no other', async () => {
    const op = await signUpOperator(t, emails[0]!);
    const member = await signUp(t);
    const second = await logIn(t, member);
    const bystander = await signUp(t);
    const channel = (id: string) => `App.Models.User.${id}`;
    const sockets = [member.token, second].map((token) => {
      const s = liveSession(t, token);
      closers.push(() => s.disconnect());
      return s.user(member.user.id);
    });
    const other = liveSession(t, bystander.token);
    closers.push(() => other.disconnect());
    const otherUser = other.user(bystander.user.id);
    await until(
      () =>
        sockets.every((s) => s.subscribed.has(channel(member.user.id))) && otherUser.subscribed.has(channel(bystander.user.id)),
      5000,
      'all subscribed',
    );

    const res = await call('POST', `/v1/admin/users/${member.user.id}/suspend`, op.token, { reason: 'Harassment' });
    expect(res.status).toBe(200);
    await until(() => sockets.every((s) => s.state() === 'disconnected'), 5000, 'sockets closed');
    for (const s of sockets) expect(s.errorCodes).toContain(4009);
    expect(otherUser.state()).toBe('connected');
  });
});
