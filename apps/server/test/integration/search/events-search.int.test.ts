import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, signUp } from '#test/factories.js';
import { createEvent, eventsWorld } from '#test/integration/events/helpers.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof eventsWorld>>;
const events: Record<string, { id: string; starts_at: string }> = {};

type Hit = { kind: string; id: string; title: string; snippet: string; path: string; match: string; at: string | null };

beforeAll(async () => {
  t = await buildTestApp();
  w = await eventsWorld(t);
  events.harakat = await createEvent(t, w.leader.token, w.tribe.id, {
    title: 'حَفْلَةُ الحَصادِ في القَرْيَةِ',
    visibility: 'public',
  });
  events.tribeOnly = await createEvent(t, w.leader.token, w.tribe.id, { title: 'Conseil secret des anciens' });
  events.cancelled = await createEvent(t, w.leader.token, w.tribe.id, { title: 'Marché annulé', visibility: 'public' });
  const cancelled = await w.call('DELETE', `/events/${events.cancelled.id}`, w.leader.token);
  expect(cancelled.status).toBe(200);
});
afterAll(async () => t.close());

const hits = async (q: string, token?: string, type?: string) => {
  const res = await t.app.inject({
    url: `/api/v1/search?q=${encodeURIComponent(q)}${type ? `&type=${type}` : ''}&limit=50`,
    headers: token ? bearer(token) : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.items as Hit[];
};
const eventIds = async (q: string, token?: string) => (await hits(q, token, 'events')).map((h) => h.id);

describe('events in the search', () => {
  it('finds an event titled with harakat by the plain spelling and by a prefix, as an event hit', async () => {
    const found = await hits('حفلة الحصاد', w.outsider.token, 'events');
    expect(found.map((h) => h.id)).toEqual([events.harakat!.id]);
    expect(found[0]).toMatchObject({
      kind: 'events',
      title: 'حَفْلَةُ الحَصادِ في القَرْيَةِ',
      snippet: 'The old olive press',
      path: `/events/${events.harakat!.id}`,
      tribe: { id: w.tribe.id },
      at: events.harakat!.starts_at,
    });
    expect(await eventIds('الحص', w.outsider.token)).toContain(events.harakat!.id);
    expect(await eventIds('القريه')).toContain(events.harakat!.id);
  });

  it('shows a tribe-only event to a member, not to an outsider nor anonymously', async () => {
    expect(await eventIds('conseil secret', w.member.token)).toEqual([events.tribeOnly!.id]);
    expect(await eventIds('conseil secret', w.outsider.token)).toEqual([]);
    expect(await eventIds('conseil secret')).toEqual([]);
  });

  it('leaves a cancelled event out, even for its tribe', async () => {
    expect(await eventIds('marche annule', w.leader.token)).toEqual([]);
    expect(await eventIds('marche annule', w.member.token)).toEqual([]);
  });

  it('leaves out an event organised by someone across a block', async () => {
    const blocker = await signUp(t);
    expect(await eventIds('حفلة الحصاد', blocker.token)).toEqual([events.harakat!.id]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${w.leader.user.id}/block`,
      headers: bearer(blocker.token),
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await eventIds('حفلة الحصاد', blocker.token)).toEqual([]);
  });

  it('type filters: events only with type=events, none with type=posts, and among all kinds without a type', async () => {
    expect((await hits('conseil', w.member.token, 'events')).every((h) => h.kind === 'events')).toBe(true);
    expect((await hits('conseil', w.member.token, 'posts')).map((h) => h.id)).not.toContain(events.tribeOnly!.id);
    expect((await hits('conseil', w.member.token)).map((h) => h.id)).toContain(events.tribeOnly!.id);
  });

  it('folds an event again after its title changes', async () => {
    const e = await createEvent(t, w.leader.token, w.tribe.id, { title: 'Première réunion', visibility: 'public' });
    expect(await eventIds('premiere reunion')).toContain(e.id);
    const res = await w.call('PATCH', `/events/${e.id}`, w.leader.token, { title: 'Deuxième rencontre' });
    expect(res.status).toBe(200);
    expect(await eventIds('premiere reunion')).not.toContain(e.id);
    expect(await eventIds('deuxieme renc')).toContain(e.id);
  });
});
