import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  useBrowser,
  expectAccessible,
  newContext,
  ready,
  signInContext,
  signUpViaApi,
  suffix,
  createTribeViaApi,
} from './support/helpers';

const browser = await useBrowser();

/** A picture drawn here: a gradient of the given size as PNG. */
function picture(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#1d6b57"/><stop offset="1" stop-color="#e0a43a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The natural size of the image, once it has loaded. */
async function naturalSize(page: Page, name: string): Promise<[number, number]> {
  const img = page.getByRole('img', { name, exact: true }).first();
  await img.waitFor();
  await page.waitForFunction((n) => {
    const el = [...document.querySelectorAll('img')].find((i) => i.alt === n);
    return Boolean(el?.complete && el.naturalWidth > 0);
  }, name);
  return img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight] as [number, number]);
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('tribe cover and logo', () => {
  it(
    'a leader uploads a cover and a logo on a 360 px phone; the settings page, the tribe page header and Arabic show them (axe en, ar)',
    { timeout: 150_000 },
    async () => {
      const tag = suffix();
      const leader = await signUpViaApi({ role: 'leader', name: `Faces ${tag}` });
      const name = `Cedars ${tag}`;
      const tribe = await createTribeViaApi(leader, {
        name,
        region: 'Middle Atlas',
        lat: 33.5,
        lng: -5.1,
        visibility: 'open',
      });

      const ctx = await newContext(browser, { width: 360, height: 740 });
      ctx.setDefaultTimeout(20_000);
      await signInContext(ctx, leader);
      const page = await ctx.newPage();
      await page.goto(`/tribes/setting/${tribe.slug}`);
      await ready(page);
      const cover = page.getByTestId('face-cover');
      const logo = page.getByTestId('face-logo');
      await cover.getByText('No cover yet').waitFor();
      await expectAccessible(page, 'tribe settings, no pictures yet (en)');

      // A 4:3 picture: the preview frame shows the 3:1 band the server keeps.
      await cover
        .getByTestId('face-cover-input')
        .setInputFiles({ name: 'valley.png', mimeType: 'image/png', buffer: await picture(1200, 900) });
      await cover.getByRole('img', { name: 'The chosen picture, cropped as the cover will be (3:1)' }).waitFor();
      await expectAccessible(page, 'tribe settings, cover previewed (en)');
      await cover.getByRole('button', { name: 'Save this cover' }).click();
      expect(await naturalSize(page, `Cover picture of ${name}`)).toEqual([1500, 500]);

      await logo
        .getByTestId('face-logo-input')
        .setInputFiles({ name: 'emblem.png', mimeType: 'image/png', buffer: await picture(800, 600) });
      await logo.getByRole('button', { name: 'Save this logo' }).click();
      expect(await naturalSize(page, `Logo of ${name}`)).toEqual([512, 512]);
      expect(await noSideScroll(page)).toBe(true);

      // The tribe page: the cover banner and the logo beside the name.
      await page.goto(`/tribes/${tribe.slug}`);
      await ready(page);
      expect(await naturalSize(page, `Cover picture of ${name}`)).toEqual([1500, 500]);
      const shown = await page
        .getByRole('img', { name: `Logo of ${name}` })
        .first()
        .boundingBox();
      expect(shown?.width).toBe(88);
      expect(await noSideScroll(page)).toBe(true);
      await ctx.close();

      // Arabic, right to left: the same settings section, accessible.
      const ar = await newContext(browser, { width: 360, height: 740, locale: 'ar' });
      ar.setDefaultTimeout(20_000);
      await signInContext(ar, leader);
      const arPage = await ar.newPage();
      await arPage.goto(`/ar/tribes/setting/${tribe.slug}`);
      await ready(arPage);
      expect(await arPage.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await arPage.getByRole('heading', { name: 'الغلاف والشعار' }).waitFor();
      await arPage
        .getByTestId('face-cover')
        .getByRole('img', { name: `صورة غلاف ${name}` })
        .waitFor();
      await arPage.getByTestId('face-logo-input').setInputFiles({
        name: 'emblem.png',
        mimeType: 'image/png',
        buffer: await picture(600, 600),
      });
      await arPage.getByRole('img', { name: 'الصورة المختارة مقصوصة كما سيكون الشعار (مربع)' }).waitFor();
      expect(await noSideScroll(arPage)).toBe(true);
      await expectAccessible(arPage, 'tribe settings, logo previewed (ar)');
      await ar.close();
    },
  );
});
