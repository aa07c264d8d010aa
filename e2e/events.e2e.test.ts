import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  call,
  createTribeViaApi,
  expectAccessible,
  settled,
  signInContext,
  signUpViaApi,
  suffix,
  useBrowser,
} from './support/helpers';

const browser = await useBrowser();

interface Occurrence {
  event_id: string;
  occurrence: string | null;
  starts_at: string;
  title: string;
  going_count: number;
  repeating: boolean;
  place: { kind: string; village_id?: string };
}

/** A leader's open tribe with an approved village, and a member of it. */
async function tribeWithVillage(tag: string) {
  const [leader, member] = await Promise.all([
    signUpViaApi({ role: 'leader', name: `Itto ${tag}` }),
    signUpViaApi({ role: 'member', name: `Moha ${tag}` }),
  ]);
  const tribe = await createTribeViaApi(leader, {
    name: `Ait Atta ${tag}`,
    region: 'Atlas',
    lat: 31.6,
    lng: -6.4,
    visibility: 'open',
  });
  await call('POST', `/v1/tribes/${tribe.id}/join`, member.token, {});
  const { village } = await call<{ village: { id: string; status: string } }>(
    'POST',
    `/v1/tribes/${tribe.id}/villages`,
    leader.token,
    {
      name: `Tabant ${tag}`,
      lat: 31.66,
      lng: -6.42,
    },
  );
  if (village.status !== 'approved') await call('PATCH', `/v1/villages/${village.id}`, leader.token, { status: 'approved' });
  return { leader, member, tribe, village };
}

/** A day ten days from now, as a date-time input's value at 19:00 ("2026-12-08T19:00"). */
function inTenDaysAt(hour: string) {
  const d = new Date(Date.now() + 10 * 86_400_000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}T${hour}`;
}

/** The wall time of an instant in a zone, "19:00". */
const wallTime = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

// Not Africa/Casablanca: this Chromium's time-zone data puts it at UTC+0 in winter where Node's says UTC+1,
// so page and server would disagree about its wall time.
const ZONE = 'Europe/Paris';

describe('events at villages', () => {
  it('a leader creates a weekly event at a village in Arabic on a 360 px phone, and sees it at its local time', async () => {
    const tag = suffix();
    const s = await tribeWithVillage(tag);
    const ctx = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 360, height: 740 },
      locale: 'ar',
      timezoneId: ZONE,
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    });
    ctx.setDefaultTimeout(20_000);
    try {
      await signInContext(ctx, s.leader);
      const page = await ctx.newPage();
      await page.goto(`/ar/tribes/${s.tribe.slug}?tab=events`);
      await settled(page);
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      // No events yet: the empty state offers the leader to create one.
      await page.getByTestId('empty-state').waitFor();
      await expectAccessible(page, 'ar events tab, empty');
      await page.getByTestId('new-event').click();
      const form = page.getByTestId('event-form');
      await form.waitFor();
      const title = `درس اللغة ${tag}`;
      await page.locator('#event-title').fill(title);
      await page.locator('#event-starts_at').fill(inTenDaysAt('19:00'));
      await page.locator('#event-ends_at').fill(inTenDaysAt('21:00'));
      // The organiser's zone defaults to the browser's.
      expect(await page.locator('#event-time_zone').inputValue()).toBe(ZONE);
      expect(await page.locator('#event-place-village_id').inputValue()).toBe(s.village.id);
      await page.locator('#event-repeat_preset').selectOption('weekly');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(page, 'ar event form');
      await page.getByTestId('event-save').click();
      await form.waitFor({ state: 'detached' });

      // Listed in the tab, at 19:00 in the organiser's zone, which is this phone's.
      const card = page.getByTestId('event-card').filter({ hasText: title }).first();
      await card.waitFor();
      const { items } = await call<{ items: Occurrence[] }>('GET', `/v1/tribes/${s.tribe.id}/events`, s.member.token);
      const mine = items.filter((o) => o.title === title);
      expect(mine.length).toBeGreaterThan(1);
      expect(mine.every((o) => o.repeating && o.place.village_id === s.village.id)).toBe(true);
      // Every date at 19:00 local, across daylight-saving changes too.
      expect(new Set(mine.map((o) => wallTime(o.starts_at, ZONE)))).toEqual(new Set(['19:00']));
      const shown = await page.evaluate(
        ([iso, zone]) =>
          new Intl.DateTimeFormat('ar', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso!)),
        [mine[0]!.starts_at, ZONE],
      );
      expect(await card.getByTestId('event-when').textContent()).toContain(shown);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(page, 'ar events tab, one event');

      // Its page: the same time, the village on a small map, the organiser's actions; it fits and reads right to left.
      await card.getByRole('link', { name: title }).click();
      await page.getByTestId('event-page').waitFor();
      await settled(page, ['map-skeleton']);
      expect(await page.getByTestId('event-when-mine').textContent()).toContain(shown);
      // The organiser's zone is this phone's: one time is enough.
      expect(await page.getByTestId('event-when-organiser').count()).toBe(0);
      await page.getByTestId('organiser-actions').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(page, 'ar event page');
    } finally {
      await ctx.close();
    }
  });

  it('a member answers going while offline, and the answer is sent once when back online', async () => {
    const tag = suffix();
    const s = await tribeWithVillage(tag);
    const { event } = await call<{ event: { id: string } }>('POST', `/v1/tribes/${s.tribe.id}/events`, s.leader.token, {
      title: `Harvest day ${tag}`,
      description: 'Bring a basket.',
      starts_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 5 * 86_400_000 + 3 * 3_600_000).toISOString(),
      time_zone: ZONE,
      place: { village_id: s.village.id },
      capacity: 10,
      visibility: 'tribe',
    });
    const ctx = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 360, height: 740 },
      locale: 'en-US',
      timezoneId: ZONE,
      reducedMotion: 'reduce',
      serviceWorkers: 'allow',
    });
    ctx.setDefaultTimeout(20_000);
    try {
      await signInContext(ctx, s.member);
      const page = await ctx.newPage();
      const puts: Request[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT' && r.url().includes(`/v1/events/${event.id}/rsvp`)) puts.push(r);
      });
      await page.goto(`/events/${event.id}`);
      await settled(page);
      await page.getByTestId('event-page').waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      // Once more under the worker, so the event's answer is in its cache.
      await page.reload();
      await page.getByTestId('event-page').waitFor();
      await settled(page, ['map-skeleton']);
      await expectAccessible(page, 'en event page');

      await ctx.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      // The page reads from the cache.
      await page.getByRole('heading', { name: `Harvest day ${tag}` }).waitFor();
      await page.getByTestId('rsvp-going').click();
      await page.getByTestId('rsvp-waiting').waitFor();
      expect(puts).toHaveLength(0);

      await ctx.setOffline(false);
      await page.getByTestId('rsvp-waiting').waitFor({ state: 'detached', timeout: 30_000 });
      await settledAnswer(page);
      const got = await call<{ event: { going_count: number; my_rsvp: string | null } }>(
        'GET',
        `/v1/events/${event.id}`,
        s.member.token,
      );
      expect(got.event).toMatchObject({ going_count: 1, my_rsvp: 'going' });
      const attendees = await call<{ items: { user: { id: string }; status: string }[] }>(
        'GET',
        `/v1/events/${event.id}/attendees`,
        s.leader.token,
      );
      expect(attendees.items).toEqual([
        expect.objectContaining({ user: expect.objectContaining({ id: s.member.user.id }), status: 'going' }),
      ]);
      // Sent once, with its Idempotency-Key.
      expect(puts).toHaveLength(1);
      expect(puts[0]!.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await ctx.close();
    }
  });
});

/** The page shows the answer the server holds: going, one person. */
async function settledAnswer(page: Page) {
  await page.getByTestId('rsvp-going').and(page.locator('[aria-pressed="true"]')).waitFor();
  await expect.poll(() => page.getByTestId('going-count').textContent()).toContain('1 going');
}
