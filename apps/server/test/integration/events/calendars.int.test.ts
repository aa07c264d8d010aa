import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { createEvent, eventsWorld } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const root = caller(() => t);

/** The VEVENTs of a calendar, parsed with Mozilla's ical.js. */
function vevents(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => ({
    uid: String(v.getFirstPropertyValue('uid')),
    sequence: Number(v.getFirstPropertyValue('sequence')),
    status: String(v.getFirstPropertyValue('status')),
    summary: String(v.getFirstPropertyValue('summary')),
    rrule: v.getFirstPropertyValue('rrule')?.toString() ?? null,
    tzid: v.getFirstProperty('dtstart')?.getParameter('tzid') ?? null,
    recurrenceId: v.getFirstPropertyValue('recurrence-id')?.toString() ?? null,
    exdate: v.getAllProperties('exdate').map((p) => String(p.getFirstValue())),
  }));
}

describe('an event as .ics', () => {
  it('parses with a standard parser: a stable UID, SEQUENCE rising with each change, STATUS:CANCELLED', async () => {
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id, {
      repeat: { freq: 'weekly', interval: 2, count: 5 },
      time_zone: 'Europe/Paris',
    });
    const first = await w.call('GET', `/events/${e.id}/ics`, w.member.token);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toContain('text/calendar');
    const [v1] = vevents(first.text);
    expect(v1).toMatchObject({
      uid: `${e.id}@localhost`,
      sequence: 0,
      status: 'CONFIRMED',
      summary: 'Harvest day',
      tzid: 'Europe/Paris',
    });
    expect(v1!.rrule).toContain('FREQ=WEEKLY');
    expect(v1!.rrule).toContain('INTERVAL=2');
    expect(v1!.rrule).toContain('COUNT=5');

    await w.call('PATCH', `/events/${e.id}`, w.leader.token, { title: 'Harvest day (bring water)' });
    await w.call('PATCH', `/events/${e.id}`, w.leader.token, { occurrence: e.occurrence, cancelled: true });
    const second = vevents((await w.call('GET', `/events/${e.id}/ics`, w.member.token)).text);
    expect(second[0]).toMatchObject({ uid: v1!.uid, sequence: 2, summary: 'Harvest day (bring water)' });
    expect(second[0]!.exdate).toHaveLength(1);

    await w.call('DELETE', `/events/${e.id}`, w.leader.token);
    const [v3] = vevents((await w.call('GET', `/events/${e.id}/ics`, w.member.token)).text);
    expect(v3).toMatchObject({ uid: v1!.uid, sequence: 3, status: 'CANCELLED' });
  });

  it('carries a moved date as a VEVENT with RECURRENCE-ID', async () => {
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id, { repeat: { freq: 'weekly' } });
    const later = new Date(Date.parse(e.starts_at) + 7 * 86_400_000 + 3_600_000).toISOString();
    const second = new Date(Date.parse(e.starts_at) + 7 * 86_400_000).toISOString();
    const moved = await w.call('PATCH', `/events/${e.id}`, w.leader.token, { occurrence: second, starts_at: later });
    expect(moved.status).toBe(200);
    const parts = vevents((await w.call('GET', `/events/${e.id}/ics`, w.member.token)).text);
    expect(parts).toHaveLength(2);
    expect(parts[1]).toMatchObject({ uid: parts[0]!.uid });
    expect(parts[1]!.recurrenceId).not.toBeNull();
  });
});

describe('the private feed', () => {
  it('works without a session, lists my tribes’ events, and refuses a tampered or rotated token with 404', async () => {
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id);
    const other = await eventsWorld(t);
    const elsewhere = await createEvent(t, other.leader.token, other.tribe.id);
    const url = (await w.call('GET', '/me/calendar_url', w.member.token)).body.data.url as string;
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/ical\/[^/]+\.ics$/);
    const path = new URL(url).pathname;
    const feed = await root('GET', path);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const uids = vevents(feed.text).map((v) => v.uid);
    expect(uids).toContain(`${e.id}@localhost`);
    expect(uids).not.toContain(`${elsewhere.id}@localhost`);

    const tampered = path.replace(/([0-9a-f])\.ics$/, (_, c: string) => `${c === '0' ? '1' : '0'}.ics`);
    const refused = await root('GET', tampered);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ status: 'error', message: 'The requested resource could not be found.' });
    const otherUser = path.replace(w.member.user.id, w.leader.user.id);
    expect((await root('GET', otherUser)).status).toBe(404);

    const rotated = await w.call('POST', '/me/calendar_url', w.member.token, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.url).not.toBe(url);
    expect((await root('GET', path)).status).toBe(404);
    expect((await root('GET', new URL(rotated.body.data.url as string).pathname)).status).toBe(200);
    expect((await w.call('GET', '/me/calendar_url', null)).status).toBe(401);
  });
});
