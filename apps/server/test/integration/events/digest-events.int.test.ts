import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { createEvent, eventsWorld } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('the weekly digest', () => {
  it("lists the coming week's events of my tribes, not a cancelled one nor one further off", async () => {
    const w = await eventsWorld(t);
    await createEvent(t, w.leader.token, w.tribe.id, { title: 'Olive harvest' }, 2);
    const off = await createEvent(t, w.leader.token, w.tribe.id, { title: 'Called off' }, 3);
    await w.call('DELETE', `/events/${off.id}`, w.leader.token);
    await createEvent(t, w.leader.token, w.tribe.id, { title: 'Next month' }, 20);
    const res = await w.call('GET', '/me/digest/preview', w.member.token);
    expect(res.status).toBe(200);
    const { text } = res.body.data as { text: string };
    expect(text).toContain('Olive harvest');
    expect(text).toContain('/events/');
    expect(text).not.toContain('Called off');
    expect(text).not.toContain('Next month');
  });
});
