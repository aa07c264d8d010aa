import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { apiCaller, sendText, startConversation, tribeMates } from './messages-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitScale: 1 });
});
afterAll(async () => t.close());
const call = apiCaller(() => t);

describe('the sending limit', () => {
  it('takes 30 messages a minute from one sender, then answers 429 with Retry-After; others still send', async () => {
    const { people } = await tribeMates(t, ['Rate A', 'Rate B']);
    const [a, b] = people;
    const id = await startConversation(t, a!.token, [b!.user.id]);
    for (let i = 0; i < 30; i++) await sendText(t, a!.token, id, `message ${i}`);
    const over = await call('POST', `/v1/conversations/${id}/messages`, a!.token, { body: 'one too many' });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ status: 'error' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    await sendText(t, b!.token, id, 'the other side still writes');
    const thread = await call('GET', `/v1/conversations/${id}/messages?limit=50`, b!.token);
    expect(thread.body.data.items.map((m: { body: string }) => m.body)).not.toContain('one too many');
  });
});
