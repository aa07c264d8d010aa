import { expect } from 'vitest';
import type { TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { bearer, createTribe, joinTribe, signUp, signUpLeader } from '#test/factories.js';

export type Member = Awaited<ReturnType<typeof signUp>>;

/** The test app's caller under /api. */
export const apiCaller = (t: () => TestApp) => caller(t, { prefix: '/api' });

/** Accounts a day and more old: a new account may write only to tribe-mates (DESIGN 11.4). */
export function ageAccounts(t: TestApp): void {
  t.clock.advance(25 * 3600 * 1000);
}

/** People who share an active tribe (led by the first of them). */
export async function tribeMates(t: TestApp, names: string[]): Promise<{ people: Member[]; tribeId: string }> {
  const leader = await signUpLeader(t, { name: names[0] });
  const tribe = await createTribe(t, leader.token);
  const people: Member[] = [leader];
  for (const name of names.slice(1)) {
    const m = await signUp(t, { name });
    await joinTribe(t, m.token, tribe.id);
    people.push(m);
  }
  return { people, tribeId: tribe.id };
}

/** Starts a conversation and answers its id; throws unless it took. */
export async function startConversation(t: TestApp, token: string, memberIds: string[], title?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: bearer(token),
    payload: { member_ids: memberIds, ...(title ? { title } : {}) },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (res.json() as { data: { conversation: { id: string } } }).data.conversation.id;
}

/** Sends a text message and answers it; throws unless it took. */
export async function sendText(
  t: TestApp,
  token: string,
  conversationId: string,
  body: string,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${conversationId}/messages`,
    headers: { ...bearer(token), ...headers },
    payload: { body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { message: { id: string; body: string; created_at: string } } }).data.message;
}

export async function block(t: TestApp, token: string, userId: string): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/users/${userId}/block`, headers: bearer(token) });
  expect(res.statusCode).toBeLessThan(300);
}
