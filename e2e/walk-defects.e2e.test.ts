import { describe, expect, it } from 'vitest';
import { useBrowser, newContext, ready, signInContext, signUpViaApi, createTribeViaApi } from './support/helpers';

// Defects found on the walk (issue 14) that only a real layout engine or a real Leaflet shows.
const browser = await useBrowser();

describe('walk defects', () => {
  it('footer links are touch targets at least 44 px high on a 360 px phone', async () => {
    const context = await newContext(browser, { width: 360, height: 740 });
    try {
      const page = await context.newPage();
      for (const path of ['/', '/ar/contact']) {
        await page.goto(path);
        await ready(page);
        const links = page.getByTestId('site-footer').getByRole('navigation').getByRole('link');
        expect(await links.count()).toBe(3);
        for (const link of await links.all()) {
          await link.scrollIntoViewIfNeeded();
          const box = await link.boundingBox();
          expect(box?.height, `${path}: ${await link.textContent()}`).toBeGreaterThanOrEqual(44);
        }
      }
    } finally {
      await context.close();
    }
  });

  it('the map credits OpenStreetMap and Leaflet in the reader’s language', async () => {
    const member = await signUpViaApi({ role: 'member' });
    const context = await newContext(browser, { locale: 'ar' });
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await signInContext(context, member);
    try {
      const page = await context.newPage();
      await page.goto('/ar/map');
      await ready(page);
      const attribution = page.locator('[data-testid="map"] .leaflet-control-attribution');
      await attribution.waitFor();
      await expect.poll(() => attribution.textContent()).toContain('المساهمون في OpenStreetMap');
      expect(await attribution.textContent()).not.toContain('contributors');
      const leaflet = attribution.getByRole('link', { name: 'Leaflet' });
      expect(await leaflet.getAttribute('title')).toBe('مكتبة JavaScript للخرائط التفاعلية');
      expect(await attribution.getByRole('link', { name: 'OpenStreetMap' }).getAttribute('href')).toBe(
        'https://www.openstreetmap.org/copyright',
      );
    } finally {
      await context.close();
    }
  });

  it('a tribe page on a 360 px phone loads the map (Leaflet, tiles) only once it is scrolled near', async () => {
    const { tribe, context } = await phoneOnTribeWithLongAbout('Far map');
    try {
      const page = await context.newPage();
      const leaflet: string[] = [];
      page.on('request', (r) => {
        if (/\/assets\/tribes-map-/.test(r.url())) leaflet.push(r.url());
      });
      await page.goto(`/tribes/${tribe.slug}`);
      await ready(page);
      const placeholder = page.getByTestId('deferred-placeholder');
      await placeholder.waitFor();
      // Further down than the screen and the 200 px margin at which the map starts to load.
      expect(await placeholder.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(740 + 200);
      expect(await page.locator('.leaflet-container').count()).toBe(0);
      expect(leaflet).toEqual([]);
      await placeholder.scrollIntoViewIfNeeded();
      await page.locator('[data-testid="map"] .leaflet-container').waitFor();
      expect(leaflet.length).toBeGreaterThan(0);
      expect(await page.getByTestId('deferred-placeholder').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a keyboard user reaches the deferred map where it stands: tabbing onto its place loads it and moves the focus into it', async () => {
    const { tribe, context } = await phoneOnTribeWithLongAbout('Keyboard map');
    try {
      const page = await context.newPage();
      await page.goto(`/tribes/${tribe.slug}`);
      await ready(page);
      const placeholder = page.getByTestId('deferred-placeholder');
      await placeholder.waitFor();
      expect(await placeholder.getAttribute('tabindex')).toBe('0');
      expect(await placeholder.getAttribute('aria-label')).toContain(tribe.name);
      // In the tab order (tabindex 0): tabbing onto it is focusing it.
      await placeholder.focus();
      await page.locator('[data-testid="map"] .leaflet-container').waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('leaflet-container') === true);
      expect(await page.getByTestId('deferred-placeholder').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

/**
 * A leader's new tribe whose About text is long enough to put the map below a 360 px phone's screen,
 * and a signed-in phone-sized browser context for it (map tiles refused: no network here).
 */
async function phoneOnTribeWithLongAbout(name: string) {
  const leader = await signUpViaApi({ role: 'leader' });
  const tribe = await createTribeViaApi(leader, {
    name: `${name} ${Date.now().toString(36)}`,
    region: 'High Atlas',
    lat: 31.1,
    lng: -7.9,
    visibility: 'open',
    description: Array.from({ length: 60 }, (_, i) => `Line ${i + 1}.`).join('\n'),
  });
  const context = await newContext(browser, { width: 360, height: 740 });
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await signInContext(context, leader);
  return { tribe, context };
}
