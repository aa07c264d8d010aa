import { ACTIVE, MODS, NOT_ACTIVE, by, everyone, signedIn, type Cell, type Rules } from './types.js';
import { imageForm } from './world.js';

/**
 * Events (DESIGN 11.3): tribe A's leaders and moderators create, edit and cancel its events (403 for its
 * members); a tribe-only event is hidden (404) from everyone but tribe A's active members. The private
 * feed needs no session: its signed token is the key. Bad input and the rules of dates, capacity and
 * calendars are in test/integration/events.
 */

/** A new tribe-only event of tribe A, made by its leader (a fresh one per cell for edits and cancels). */
async function freshEvent(c: Cell): Promise<string> {
  const start = new Date(c.w.t.clock.now().getTime() + 5 * 86_400_000);
  const { data } = await c.w.call('POST', `/v1/tribes/${c.w.tribeA}/events`, c.w.actors.leader.token, {
    title: 'Matrix gathering',
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
    time_zone: 'Africa/Casablanca',
    place: { name: 'The square', lat: 31.1, lng: -7.9 },
  });
  return data.event.id as string;
}

/** Tribe A's shared tribe-only event, made by the first cell that needs it. */
async function sharedEvent(c: Cell): Promise<string> {
  c.w.ids.event ??= await freshEvent(c);
  return c.w.ids.event;
}

const READERS = by({ allow: ACTIVE, 404: NOT_ACTIVE, 401: ['anonymous'] });
const EDITORS = by({ allow: MODS, 403: ['member'], 404: NOT_ACTIVE, 401: ['anonymous'] });

export const eventsRules: Rules = {
  'events.tribeEvents': { expect: signedIn(), request: (c) => ({ params: { id: c.w.tribeA } }) },
  'events.create': {
    expect: by({ allow: MODS, 403: ['member', ...NOT_ACTIVE], 401: ['anonymous'] }),
    request: (c) => {
      const start = new Date(c.w.t.clock.now().getTime() + 4 * 86_400_000);
      return {
        params: { id: c.w.tribeA },
        body: {
          title: 'A new gathering',
          starts_at: start.toISOString(),
          ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
          time_zone: 'Europe/Paris',
          place: { online_url: 'https://meet.example/tribe' },
        },
      };
    },
  },
  'events.list': { expect: signedIn() },
  'events.get': { expect: READERS, request: async (c) => ({ params: { id: await sharedEvent(c) } }) },
  'events.attendees': { expect: READERS, request: async (c) => ({ params: { id: await sharedEvent(c) } }) },
  'events.ics': { expect: READERS, request: async (c) => ({ params: { id: await sharedEvent(c) } }) },
  'events.rsvp': {
    expect: READERS,
    request: async (c) => ({ params: { id: await sharedEvent(c) }, body: { status: 'interested' } }),
  },
  'events.update': {
    expect: EDITORS,
    request: async (c) => ({ params: { id: await freshEvent(c) }, body: { title: 'Renamed' } }),
  },
  'events.cancel': { expect: EDITORS, request: async (c) => ({ params: { id: await freshEvent(c) } }) },
  'events.cover': {
    expect: EDITORS,
    request: async (c) => ({ params: { id: await freshEvent(c) }, form: await imageForm('cover') }),
  },
  'events.calendarUrl': { expect: signedIn() },
  'events.rotateCalendarUrl': { expect: signedIn(), request: () => ({ body: {} }) },
  // No session needed: the victim's feed URL (its signed token) answers whoever fetches it.
  'events.calendarFeed': {
    expect: everyone(),
    request: async (c) => {
      const { data } = await c.w.call('GET', '/v1/me/calendar_url', c.w.victim.token);
      return { url: new URL(data.url as string).pathname };
    },
  },
};
