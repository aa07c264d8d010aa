import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, logIn, otherSessionId, post, signUp } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ captureLogs: true });
});
afterAll(async () => t.close());

const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: bearer(token) });

/** The realtime bus, whose publish fails while the test runs (Redis down): restored after each test. */
const bus = () => t.app.ctx.realtime.bus;
let restore: (() => void) | undefined;
function breakPublish() {
  const b = bus();
  const publish = b.publish.bind(b);
  b.publish = () => Promise.reject(new Error('Connection is closed.'));
  restore = () => (b.publish = publish);
}
afterEach(() => {
  restore?.();
  restore = undefined;
});

const announcementFailures = () => t.logs.filter((line) => line.includes('sessions change not announced'));

describe('a revocation whose announcement on the bus fails', () => {
  it('logout answers success, refuses the token on the next request and logs the failed publish', async () => {
    const user = await signUp(t);
    expect((await me(user.token)).statusCode).toBe(200);
    const before = announcementFailures().length;
    breakPublish();
    const out = await post(t, '/api/v1/auth/logout', undefined, bearer(user.token));
    expect(out.status).toBe(200);
    expect(out.body.status).toBe('success');
    expect((await me(user.token)).statusCode).toBe(401);
    const logged = announcementFailures();
    expect(logged.length).toBe(before + 1);
    expect(logged.at(-1)).toContain('Connection is closed.');
    expect(logged.at(-1)).not.toContain(user.token);
  });

  it('revoking one session answers success and the session is refused at once', async () => {
    const user = await signUp(t);
    const other = await logIn(t, user);
    expect((await me(other)).statusCode).toBe(200);
    const target = await otherSessionId(t, user.token);
    breakPublish();
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${target}`,
      headers: bearer(user.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().status).toBe('success');
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
  });
});
