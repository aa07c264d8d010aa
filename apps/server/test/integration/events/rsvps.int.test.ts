import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { joinTribe, signUp } from '#test/factories.js';
import { createEvent, eventsWorld } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** The bell's notifications of a user, newest first. */
async function kinds(call: Awaited<ReturnType<typeof eventsWorld>>['call'], token: string): Promise<string[]> {
  const res = await call('GET', '/notifications', token);
  return (res.body.data.items as { kind: string }[]).map((n) => n.kind);
}

describe('RSVPs against a capacity', () => {
  it('gives six racing RSVPs on capacity 3 three going and three waitlisted, and a freed place promotes the first', async () => {
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id, { capacity: 3 });
    const people = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
    for (const p of people) await joinTribe(t, p.token, w.tribe.id);
    const answers = await Promise.all(people.map((p) => w.call('PUT', `/events/${e.id}/rsvp`, p.token, { status: 'going' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const statuses = answers.map((a) => a.body.data.status as string);
    expect(statuses.filter((s) => s === 'going')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(3);
    const event = (await w.call('GET', `/events/${e.id}`, w.leader.token)).body.data.event;
    expect(event).toMatchObject({ going_count: 3, waitlist_count: 3 });

    const waiting = await w.call('GET', `/events/${e.id}/attendees?status=waitlisted`, w.leader.token);
    const line = (waiting.body.data.items as { user: { id: string } }[]).map((a) => a.user.id);
    expect(line).toHaveLength(3);
    const first = people.find((p) => p.user.id === line[0])!;
    const positions = answers
      .filter((a) => a.body.data.status === 'waitlisted')
      .map((a) => a.body.data.waitlist_position as number);
    expect(positions.sort()).toEqual([1, 2, 3]);

    const leaving = people[statuses.indexOf('going')]!;
    const left = await w.call('PUT', `/events/${e.id}/rsvp`, leaving.token, { status: 'not_going' });
    expect(left.body.data).toMatchObject({ status: 'not_going', going_count: 3, waitlist_count: 2 });
    const promoted = await w.call('GET', `/events/${e.id}`, first.token);
    expect(promoted.body.data.event).toMatchObject({ my_rsvp: 'going', going_count: 3 });
    expect(await kinds(w.call, first.token)).toContain('event_promoted');
  });

  it('counts guests toward the capacity, and a raised capacity moves the line up', async () => {
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id, { capacity: 3 });
    const withGuests = await w.call('PUT', `/events/${e.id}/rsvp`, w.member.token, { status: 'going', guests: 2 });
    expect(withGuests.body.data).toMatchObject({ status: 'going', guests: 2, going_count: 3 });
    const next = await w.call('PUT', `/events/${e.id}/rsvp`, w.moderator.token, { status: 'going' });
    expect(next.body.data).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    expect(next.body.message).toBe('The event is full: you are on the waiting list.');
    const more = await w.call('PUT', `/events/${e.id}/rsvp`, w.member.token, { status: 'going', guests: 3 });
    expect(more.status).toBe(400);
    expect(more.body.errors.guests).toEqual(['There is no room for that many guests.']);
    const raised = await w.call('PATCH', `/events/${e.id}`, w.leader.token, { capacity: 4 });
    expect(raised.status).toBe(200);
    expect((await w.call('GET', `/events/${e.id}`, w.moderator.token)).body.data.event).toMatchObject({
      my_rsvp: 'going',
      going_count: 4,
    });
    const tooMany = await w.call('PUT', `/events/${e.id}/rsvp`, w.member.token, { status: 'going', guests: 6 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.guests).toBeDefined();
  });
});

describe('RSVPs refused', () => {
  it('refuses an RSVP to a cancelled or past event, or a repeating one without its date, and stores nothing', async () => {
    const w = await eventsWorld(t);
    const cancelled = await createEvent(t, w.leader.token, w.tribe.id);
    await w.call('DELETE', `/events/${cancelled.id}`, w.leader.token);
    const toCancelled = await w.call('PUT', `/events/${cancelled.id}/rsvp`, w.member.token, { status: 'going' });
    expect(toCancelled.status).toBe(400);
    expect(toCancelled.body.errors.status).toEqual(['This event is cancelled.']);

    const past = await createEvent(t, w.leader.token, w.tribe.id, {}, -3);
    const toPast = await w.call('PUT', `/events/${past.id}/rsvp`, w.member.token, { status: 'going' });
    expect(toPast.status).toBe(400);
    expect(toPast.body.errors.status).toEqual(['This event is over.']);
    expect((await w.call('GET', `/events/${past.id}/attendees`, w.leader.token)).body.data.items).toEqual([]);

    const weekly = await createEvent(t, w.leader.token, w.tribe.id, { repeat: { freq: 'weekly', count: 3 } });
    const noDate = await w.call('PUT', `/events/${weekly.id}/rsvp`, w.member.token, { status: 'going' });
    expect(noDate.status).toBe(400);
    expect(noDate.body.errors.occurrence).toEqual(['Choose the date of the repeating event.']);
    const wrongDate = await w.call('PUT', `/events/${weekly.id}/rsvp`, w.member.token, {
      status: 'going',
      occurrence: '2020-01-01T00:00:00Z',
    });
    expect(wrongDate.status).toBe(400);
    expect(wrongDate.body.errors.occurrence).toEqual(['This event has no date at this time.']);
    const ok = await w.call('PUT', `/events/${weekly.id}/rsvp`, w.member.token, {
      status: 'interested',
      occurrence: weekly.occurrence,
    });
    expect(ok.body.data).toMatchObject({ status: 'interested', occurrence: weekly.occurrence });
    const bad = await w.call('PUT', `/events/${weekly.id}/rsvp`, w.member.token, { status: 'maybe', guests: 9 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['guests', 'status']);
  });

  it('hides people across a block from the attendees', async () => {
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id);
    await w.call('PUT', `/events/${e.id}/rsvp`, w.member.token, { status: 'going' });
    await w.call('PUT', `/events/${e.id}/rsvp`, w.moderator.token, { status: 'interested' });
    const all = await w.call('GET', `/events/${e.id}/attendees`, w.leader.token);
    expect(all.body.data.items.map((a: { status: string }) => a.status)).toEqual(['going', 'interested']);
    expect((await w.call('POST', `/users/${w.member.user.id}/block`, w.leader.token)).status).toBeLessThan(300);
    const after = await w.call('GET', `/events/${e.id}/attendees`, w.leader.token);
    expect(after.body.data.items.map((a: { user: { id: string } }) => a.user.id)).toEqual([w.moderator.user.id]);
  });

  it('tells people going when the time changes or the event is cancelled', async () => {
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id);
    await w.call('PUT', `/events/${e.id}/rsvp`, w.member.token, { status: 'going' });
    await w.call('PUT', `/events/${e.id}/rsvp`, w.moderator.token, { status: 'interested' });
    await w.call('PATCH', `/events/${e.id}`, w.leader.token, { title: 'Only the title' });
    expect(await kinds(w.call, w.member.token)).not.toContain('event_changed');
    const later = new Date(Date.parse(e.starts_at) + 3_600_000).toISOString();
    await w.call('PATCH', `/events/${e.id}`, w.leader.token, { starts_at: later });
    expect(await kinds(w.call, w.member.token)).toContain('event_changed');
    expect(await kinds(w.call, w.moderator.token)).not.toContain('event_changed');
    expect((await w.call('GET', `/events/${e.id}`, w.member.token)).body.data.event).toMatchObject({
      my_rsvp: 'going',
      going_count: 1,
    });
    await w.call('DELETE', `/events/${e.id}`, w.leader.token);
    expect(await kinds(w.call, w.member.token)).toContain('event_cancelled');
  });
});
