import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { buildEvent, createEvent, eventsWorld } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());
// Each test starts at the real time: one that moves the clock leaves no expired sessions behind.
beforeEach(() => t.clock.set(new Date()));

describe('creating events', () => {
  it('lets leaders and moderators create an event, and refuses members (403) and outsiders', async () => {
    const w = await eventsWorld(t);
    const byLeader = await w.call('POST', `/tribes/${w.tribe.id}/events`, w.leader.token, buildEvent(t));
    expect(byLeader.status).toBe(201);
    expect(byLeader.body.data.event).toMatchObject({
      title: 'Harvest day',
      tribe_id: w.tribe.id,
      time_zone: 'Africa/Casablanca',
      place: { kind: 'point', name: 'The old olive press', lat: 31.13, lng: -7.92 },
      visibility: 'tribe',
      status: 'scheduled',
      sequence: 0,
      capacity: null,
      repeat: null,
      going_count: 0,
      my_rsvp: null,
      can_edit: true,
      organiser: { id: w.leader.user.id },
    });
    expect(byLeader.body.data.event.description_html).toContain('<strong>baskets</strong>');
    expect((await w.call('POST', `/tribes/${w.tribe.id}/events`, w.moderator.token, buildEvent(t))).status).toBe(201);
    expect((await w.call('POST', `/tribes/${w.tribe.id}/events`, w.member.token, buildEvent(t))).status).toBe(403);
    expect((await w.call('POST', `/tribes/${w.tribe.id}/events`, w.outsider.token, buildEvent(t))).status).toBe(403);
    expect((await w.call('POST', `/tribes/${w.tribe.id}/events`, null, buildEvent(t))).status).toBe(401);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const w = await eventsWorld(t);
    const other = await eventsWorld(t);
    const otherVillage = await w.call('POST', `/tribes/${other.tribe.id}/villages`, other.leader.token, {
      name: 'Imlil',
      lat: 31.1,
      lng: -7.9,
    });
    expect(otherVillage.status).toBe(201);
    const base = buildEvent(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ends_at: new Date(Date.parse(base.starts_at) - 60_000).toISOString() }, 'ends_at', 'The end must be after the start.'],
      [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone', 'This time zone is not known. Choose one from the list.'],
      [{ time_zone: '+01:00' }, 'time_zone', 'This time zone is not known. Choose one from the list.'],
      [{ place: { village_id: otherVillage.body.data.village.id } }, 'place.village_id', 'Choose a village of this tribe.'],
      [{ place: { lat: 1, lng: 2 } }, 'place.name', 'Give the place a name.'],
      [
        { place: { online_url: 'https://meet.example/x', lat: 1, lng: 2, name: 'x' } },
        'place',
        'Choose one place: a village, a point on the map or an online link.',
      ],
      [{ place: { online_url: 'http://meet.example/x' } }, 'place.online_url', 'Enter a full https:// address.'],
      [
        { repeat: { freq: 'weekly', count: 3, until: base.ends_at } },
        'repeat.until',
        'Choose either a number of dates or an end date, not both.',
      ],
      [{ repeat: { freq: 'daily' } }, 'repeat.freq', 'Must be one of: weekly, monthly.'],
      [{ capacity: 0 }, 'capacity', 'Must be at least 1.'],
      [{ starts_at: '2026-13-40T10:00:00Z' }, 'starts_at', 'Enter a valid date and time.'],
      [{ colour: 'red' }, 'colour', 'This field is not allowed.'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await w.call('POST', `/tribes/${w.tribe.id}/events`, w.leader.token, { ...base, ...patch });
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', error_type: 'validation_error' });
      expect(res.body.errors[field], JSON.stringify(res.body.errors)).toEqual([message]);
    }
    const list = await w.call('GET', `/tribes/${w.tribe.id}/events`, w.leader.token);
    expect(list.body.data.items).toEqual([]);
  });

  it('accepts a village of the tribe as the place and presents its name and position', async () => {
    const w = await eventsWorld(t);
    const village = await w.call('POST', `/tribes/${w.tribe.id}/villages`, w.leader.token, {
      name: 'Aroumd',
      lat: 31.12,
      lng: -7.91,
    });
    const res = await w.call(
      'POST',
      `/tribes/${w.tribe.id}/events`,
      w.leader.token,
      buildEvent(t, { place: { village_id: village.body.data.village.id } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.event.place).toEqual({
      kind: 'village',
      village_id: village.body.data.village.id,
      name: 'Aroumd',
      lat: 31.12,
      lng: -7.91,
    });
  });
});

describe('who sees an event', () => {
  it('shows a tribe-only event to members only (404 for others) and a public one to anyone signed in', async () => {
    const w = await eventsWorld(t);
    const hidden = await createEvent(t, w.leader.token, w.tribe.id);
    const open = await createEvent(t, w.leader.token, w.tribe.id, { visibility: 'public', title: 'Open day' });
    expect((await w.call('GET', `/events/${hidden.id}`, w.member.token)).status).toBe(200);
    expect((await w.call('GET', `/events/${hidden.id}`, w.outsider.token)).status).toBe(404);
    expect((await w.call('GET', `/events/${hidden.id}/attendees`, w.outsider.token)).status).toBe(404);
    expect((await w.call('GET', `/events/${hidden.id}/ics`, w.outsider.token)).status).toBe(404);
    expect((await w.call('PUT', `/events/${hidden.id}/rsvp`, w.outsider.token, { status: 'going' })).status).toBe(404);
    expect((await w.call('PATCH', `/events/${hidden.id}`, w.outsider.token, { title: 'x' })).status).toBe(404);
    const seen = await w.call('GET', `/events/${open.id}`, w.outsider.token);
    expect(seen.status).toBe(200);
    expect(seen.body.data.event.can_edit).toBe(false);
    expect((await w.call('GET', `/events/${open.id}`, null)).status).toBe(401);

    const outsiderList = await w.call('GET', `/tribes/${w.tribe.id}/events`, w.outsider.token);
    expect(outsiderList.body.data.items.map((o: { event_id: string }) => o.event_id)).toEqual([open.id]);
    const memberList = await w.call('GET', `/tribes/${w.tribe.id}/events`, w.member.token);
    expect(memberList.body.data.items).toHaveLength(2);
    const everywhere = await w.call('GET', '/events?scope=all&limit=50', w.outsider.token);
    const ids = everywhere.body.data.items.map((o: { event_id: string }) => o.event_id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(hidden.id);
  });

  it('lets members but not outsiders change it; PATCH and DELETE raise the sequence', async () => {
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id, { visibility: 'public' });
    expect((await w.call('PATCH', `/events/${e.id}`, w.member.token, { title: 'Mine now' })).status).toBe(403);
    expect((await w.call('PATCH', `/events/${e.id}`, w.outsider.token, { title: 'Mine now' })).status).toBe(403);
    expect((await w.call('DELETE', `/events/${e.id}`, w.member.token)).status).toBe(403);
    const edited = await w.call('PATCH', `/events/${e.id}`, w.moderator.token, { title: 'Harvest day, second try' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.event).toMatchObject({ title: 'Harvest day, second try', sequence: 1 });
    const cancelled = await w.call('DELETE', `/events/${e.id}`, w.leader.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.event).toMatchObject({ status: 'cancelled', sequence: 2 });
    const again = await w.call('PATCH', `/events/${e.id}`, w.leader.token, { title: 'Back' });
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('event_cancelled');
    expect((await w.call('DELETE', `/events/${e.id}`, w.leader.token)).status).toBe(409);
    const list = await w.call('GET', `/tribes/${w.tribe.id}/events`, w.leader.token);
    expect(list.body.data.items).toEqual([]);
  });

  it('refuses a PATCH whose end comes before the start, or a capacity below the people going', async () => {
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id, { capacity: 10 });
    const early = new Date(Date.parse(e.starts_at) - 3_600_000).toISOString();
    const res = await w.call('PATCH', `/events/${e.id}`, w.leader.token, { ends_at: early });
    expect(res.status).toBe(400);
    expect(res.body.errors.ends_at).toEqual(['The end must be after the start.']);
    expect((await w.call('PUT', `/events/${e.id}/rsvp`, w.member.token, { status: 'going', guests: 2 })).body.data.status).toBe(
      'going',
    );
    const low = await w.call('PATCH', `/events/${e.id}`, w.leader.token, { capacity: 2 });
    expect(low.status).toBe(400);
    expect(low.body.errors.capacity).toEqual(['The capacity cannot be below the number of people already going.']);
    const fine = await w.call('PATCH', `/events/${e.id}`, w.leader.token, { capacity: 3 });
    expect(fine.status).toBe(200);
    expect(fine.body.data.event).toMatchObject({ capacity: 3, going_count: 3, my_rsvp: null });
    expect((await w.call('GET', `/events/${e.id}`, w.member.token)).body.data.event).toMatchObject({
      going_count: 3,
      my_rsvp: 'going',
      my_guests: 2,
    });
  });
});

describe('repeating events', () => {
  it('keeps 19:00 local in Paris across the end of daylight saving, each date one item', async () => {
    // Thursdays at 19:00 Paris time from 22 October 2026: summer time (UTC+2) until the 25th, then UTC+1.
    t.clock.set(new Date('2026-10-01T08:00:00Z'));
    const w = await eventsWorld(t);
    const created = await w.call('POST', `/tribes/${w.tribe.id}/events`, w.leader.token, {
      ...buildEvent(t),
      starts_at: '2026-10-22T19:00:00+02:00',
      ends_at: '2026-10-22T21:00:00+02:00',
      time_zone: 'Europe/Paris',
      repeat: { freq: 'weekly' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.event.repeat).toMatchObject({ freq: 'weekly', interval: 1, rrule: 'FREQ=WEEKLY;INTERVAL=1' });
    const list = await w.call(
      'GET',
      `/tribes/${w.tribe.id}/events?from=2026-10-20T00:00:00Z&to=2026-11-13T00:00:00Z`,
      w.member.token,
    );
    expect(list.status).toBe(200);
    const starts = list.body.data.items.map((o: { starts_at: string }) => o.starts_at);
    expect(starts).toEqual([
      '2026-10-22T17:00:00.000Z',
      '2026-10-29T18:00:00.000Z',
      '2026-11-05T18:00:00.000Z',
      '2026-11-12T18:00:00.000Z',
    ]);
    const local = starts.map((s: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(new Date(s)),
    );
    expect(local).toEqual(['19:00', '19:00', '19:00', '19:00']);
    expect(list.body.data.items[1]).toMatchObject({
      occurrence: '2026-10-29T18:00:00.000Z',
      repeating: true,
      moved: false,
      time_zone: 'Europe/Paris',
    });
  });

  it('moves or cancels one date by its occurrence, and pages through dates in time order', async () => {
    t.clock.set(new Date('2026-10-01T08:00:00Z'));
    const w = await eventsWorld(t);
    const e = await createEvent(t, w.leader.token, w.tribe.id, {
      starts_at: '2026-10-22T19:00:00+02:00',
      ends_at: '2026-10-22T21:00:00+02:00',
      time_zone: 'Europe/Paris',
      repeat: { freq: 'weekly', count: 4 },
    });
    const moved = await w.call('PATCH', `/events/${e.id}`, w.leader.token, {
      occurrence: '2026-10-29T18:00:00.000Z',
      starts_at: '2026-10-30T18:00:00.000Z',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.event).toMatchObject({
      occurrence: '2026-10-29T18:00:00.000Z',
      occurrence_starts_at: '2026-10-30T18:00:00.000Z',
      occurrence_ends_at: '2026-10-30T20:00:00.000Z',
      sequence: 1,
    });
    const cancelled = await w.call('PATCH', `/events/${e.id}`, w.leader.token, {
      occurrence: '2026-11-05T18:00:00.000Z',
      cancelled: true,
    });
    expect(cancelled.status).toBe(200);
    const unknown = await w.call('PATCH', `/events/${e.id}`, w.leader.token, {
      occurrence: '2026-11-05T17:00:00.000Z',
      cancelled: true,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.occurrence).toEqual(['This event has no date at this time.']);
    const mixed = await w.call('PATCH', `/events/${e.id}`, w.leader.token, {
      occurrence: '2026-11-12T18:00:00.000Z',
      title: 'x',
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors.title).toBeDefined();

    const q = `/tribes/${w.tribe.id}/events?from=2026-10-20T00:00:00Z&to=2026-12-01T00:00:00Z&limit=2`;
    const first = await w.call('GET', q, w.member.token);
    expect(first.body.data.items.map((o: { starts_at: string; moved: boolean }) => [o.starts_at, o.moved])).toEqual([
      ['2026-10-22T17:00:00.000Z', false],
      ['2026-10-30T18:00:00.000Z', true],
    ]);
    const second = await w.call('GET', `${q}&cursor=${first.body.data.next_cursor}`, w.member.token);
    expect(second.body.data.items.map((o: { starts_at: string }) => o.starts_at)).toEqual(['2026-11-12T18:00:00.000Z']);
    expect(second.body.data.next_cursor).toBeNull();
  });
});

describe('lists', () => {
  it('sorts by distance with near=, leaves out far and online events, and refuses a bad near or window', async () => {
    const w = await eventsWorld(t);
    const near = await createEvent(t, w.leader.token, w.tribe.id, {
      title: 'Near',
      place: { name: 'Here', lat: 31.13, lng: -7.92 },
    });
    const nearer = await createEvent(
      t,
      w.leader.token,
      w.tribe.id,
      { title: 'Nearer', place: { name: 'Closer', lat: 31.6, lng: -8.0 } },
      5,
    );
    await createEvent(t, w.leader.token, w.tribe.id, { title: 'Far', place: { name: 'Paris', lat: 48.85, lng: 2.35 } });
    await createEvent(t, w.leader.token, w.tribe.id, { title: 'Online', place: { online_url: 'https://meet.example/a' } });
    const res = await w.call('GET', '/events?near=31.63,-8.01', w.member.token);
    expect(res.status).toBe(200);
    const mine = res.body.data.items.filter((o: { tribe: { id: string } }) => o.tribe.id === w.tribe.id);
    expect(mine.map((o: { event_id: string }) => o.event_id)).toEqual([nearer.id, near.id]);
    expect(mine[0].distance_km).toBeLessThan(5);
    const bad = await w.call('GET', '/events?near=north', w.member.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.near).toBeDefined();
    const window = await w.call('GET', '/events?from=2027-01-02T00:00:00Z&to=2027-01-01T00:00:00Z', w.member.token);
    expect(window.status).toBe(400);
    expect(window.body.errors.to).toBeDefined();
  });
});
