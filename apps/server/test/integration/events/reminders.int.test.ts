import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { createEvent, eventsWorld } from './helpers.js';

const HOUR = 3_600_000;

describe('reminders by the job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { JOBS_ENABLED: 'true', MAIL_RETRY_DELAY_SECONDS: '1' } });
  });
  afterAll(async () => t.close());

  it('mails a reminder to people going before an event that starts within the hour', async () => {
    const w = await eventsWorld(t);
    const start = new Date(t.clock.now().getTime() + 40 * 60_000);
    const e = await createEvent(t, w.leader.token, w.tribe.id, {
      title: 'Evening class',
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + HOUR).toISOString(),
    });
    // The first plan ran when the event was made (nobody going yet): going now, the event is planned anew.
    await mailQueueDrained(t.app);
    expect((await w.call('PUT', `/events/${e.id}/rsvp`, w.member.token, { status: 'going' })).status).toBe(200);
    await w.call('PATCH', `/events/${e.id}`, w.leader.token, { description: 'Bring a notebook.' });
    const mail = await t.mail.waitFor(w.member.email, t.mail.forAddress(w.member.email).length + 1, 20_000);
    expect(mail.subject + mail.text).toContain('Evening class');
    expect(mail.text).toContain('Soon');
    await mailQueueDrained(t.app);
    expect(t.mail.forAddress(w.moderator.email).filter((m) => m.text.includes('Evening class'))).toEqual([]);
  });
});

describe('reminders at their time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('sends the 24 h and 1 h reminders never before their time, each once', async () => {
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id, {}, 2);
    await w.call('PUT', `/events/${e.id}/rsvp`, w.member.token, { status: 'going' });
    await w.call('PUT', `/events/${e.id}/rsvp`, w.moderator.token, { status: 'interested' });
    const start = Date.parse(e.starts_at);
    const remind = (at: number) => t.app.ctx.eventReminders.remind(new Date(at));
    const reminders = async () =>
      ((await w.call('GET', '/notifications', w.member.token)).body.data.items as { kind: string }[]).filter(
        (n) => n.kind === 'event_reminder',
      );

    expect(await remind(start - 24 * HOUR - 1000)).toBe(0);
    expect(await reminders()).toHaveLength(0);
    expect(await remind(start - 24 * HOUR)).toBe(1);
    expect(await remind(start - 24 * HOUR + 30_000)).toBe(0);
    expect(await reminders()).toHaveLength(1);
    expect(await remind(start - HOUR - 1000)).toBe(0);
    expect(await remind(start - HOUR)).toBe(1);
    expect(await remind(start - HOUR + 1000)).toBe(0);
    expect(await remind(start + 1000)).toBe(0);
    const told = await reminders();
    expect(told).toHaveLength(2);
    expect(
      ((await w.call('GET', '/notifications', w.moderator.token)).body.data.items as { kind: string }[]).map((n) => n.kind),
    ).not.toContain('event_reminder');
    await mailQueueDrained(t.app);
    expect(t.mail.forAddress(w.member.email).filter((m) => m.text.includes('Harvest day'))).toHaveLength(2);
  });

  it('reminds a moved date anew, and nothing of a cancelled event', async () => {
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id, {}, 2);
    await w.call('PUT', `/events/${e.id}/rsvp`, w.member.token, { status: 'going' });
    const start = Date.parse(e.starts_at);
    expect(await t.app.ctx.eventReminders.remind(new Date(start - HOUR))).toBe(1);
    const later = start + 2 * HOUR;
    await w.call('PATCH', `/events/${e.id}`, w.leader.token, { starts_at: new Date(later).toISOString() });
    // The moved date is a new date: reminded with its new time (its 24 h reminder, already due), then at 1 h.
    expect(await t.app.ctx.eventReminders.remind(new Date(start - HOUR + 60_000))).toBe(1);
    expect(await t.app.ctx.eventReminders.remind(new Date(start - HOUR + 120_000))).toBe(0);
    expect(await t.app.ctx.eventReminders.remind(new Date(later - HOUR))).toBe(1);
    await w.call('DELETE', `/events/${e.id}`, w.leader.token);
    expect(await t.app.ctx.eventReminders.remind(new Date(later - 30 * 60_000))).toBe(0);
  });
});
