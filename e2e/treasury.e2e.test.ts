import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  call,
  useBrowser,
  expectAccessible,
  newContext,
  ready,
  signInContext,
  signUpViaApi,
  suffix,
  type ApiUser,
  createTribeViaApi,
  type Journey,
  moneyCall,
} from './support/helpers';

const browser = await useBrowser();

/** A 4x4 PNG: the receipt photo (the server re-encodes it to WebP). */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWPYbWwMRwzEcQDeYxIRe8vaVwAAAABJRU5ErkJggg==',
  'base64',
);

/** A tribe with two leaders, a member who will propose, and a donor who gave the tribe 1,000 tokens. */
async function treasuryTribe(j: Journey) {
  const s = suffix();
  const founder = await signUpViaApi({ role: 'leader', name: `Founder ${s}` });
  const second = await signUpViaApi({ role: 'member', name: `Second Leader ${s}` });
  const member = await signUpViaApi({ role: 'member', name: `Roof Member ${s}` });
  const donor = await signUpViaApi({ role: 'member', name: `Donor ${s}` });
  const tribe = await createTribeViaApi(founder, {
    name: `Treasury Tribe ${j.locale} ${s}`,
    region: 'Atlas',
    lat: 31,
    lng: -7,
    visibility: 'open',
  });
  for (const u of [second, member, donor]) await call('POST', `/v1/tribes/${tribe.id}/join`, u.token);
  await call('PATCH', `/v1/tribes/${tribe.id}/members/${second.user.id}`, founder.token, { role: 'leader' });
  const select = async (u: ApiUser): Promise<ApiUser> => ({
    ...u,
    user: (await call<{ user: ApiUser['user'] }>('POST', '/v1/tribe_selection', u.token, { tribe_id: tribe.id })).user,
  });
  const purchase = await moneyCall<{ payment_id: string }>('/v1/wallet/purchases', donor.token, { tokens: 1050 });
  await call('POST', `/v1/payments/sandbox/${purchase.payment_id}/complete`, donor.token, { outcome: 'succeeded' });
  await moneyCall('/v1/donations', donor.token, { target_type: 'tribe', target_id: tribe.id, amount: 1000 });
  return { tribe, founder: await select(founder), second: await select(second), member: await select(member), donor, s };
}

async function signedIn(u: ApiUser, j: Journey): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, { locale: j.locale === 'ar' ? 'ar' : 'en-US', width: j.width });
  await signInContext(ctx, u);
  return { ctx, page: await ctx.newPage() };
}

async function openTreasury(page: Page, j: Journey, slug: string) {
  await page.goto(`${j.prefix}/tribes/${slug}?tab=treasury`);
  await ready(page);
  await page.getByTestId('treasury-funds').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="list-skeleton"]'));
  expect(await page.getAttribute('html', 'dir')).toBe(j.dir);
}

/** A leader's act through its dialog (approve, or pay with a reference). */
async function act(page: Page, j: Journey, what: 'approve' | 'pay') {
  await page.getByTestId(`expense-${what}`).click();
  if (what === 'pay') await page.getByTestId('expense-reference').fill('VIR-2026-117');
  await expectAccessible(page, `${j.locale} treasury ${what} dialog`);
  await page.getByTestId('expense-act-confirm').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe.each<Journey>([
  { locale: 'en', prefix: '', dir: 'ltr', width: 1280 },
  { locale: 'ar', prefix: '/ar', dir: 'rtl', width: 360 },
])('treasury ($locale, $width px)', (j) => {
  it(
    'a member proposes a roof repair with a receipt photo, two leaders approve, one pays, a gift is refunded, and the public ledger shows it all',
    { timeout: 180_000 },
    async () => {
      const s = await treasuryTribe(j);
      const title = `Roof repair ${s.s}`;

      // The member proposes, with a photo of the quote.
      const m = await signedIn(s.member, j);
      await openTreasury(m.page, j, s.tribe.slug);
      expect(await m.page.getByTestId('treasury-balance').textContent()).toMatch(/1[,٬.]?000|١[٬,]?٠٠٠/);
      await expectAccessible(m.page, `${j.locale} treasury tab`);
      await m.page.getByTestId('propose-expense').click();
      await m.page.getByTestId('expense-title').fill(title);
      await m.page.getByTestId('expense-amount').fill('400');
      await m.page.getByTestId('expense-payee').fill('Atlas Roofing');
      await m.page
        .getByTestId('expense-receipts')
        .setInputFiles({ name: 'quote.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
      await m.page.getByText('quote.png').waitFor();
      await expectAccessible(m.page, `${j.locale} propose expense dialog`);
      await m.page.getByTestId('expense-submit').click();
      const card = m.page.getByTestId('expense').filter({ hasText: title });
      await card.waitFor();
      expect(await card.getByRole('link').count()).toBe(1);
      // The receipt opens by a signed, expiring link (DESIGN 11.7); its bare path is refused.
      const receipt = new URL((await card.getByRole('link').getAttribute('href')) ?? '', m.page.url());
      expect(receipt.pathname + receipt.search).toMatch(/^\/media\/private\/receipts\/\w+\.webp\?exp=\d+&sig=\w+$/);
      const opened = await m.page.request.get(receipt.href);
      expect(opened.status()).toBe(200);
      expect(opened.headers()['content-type']).toBe('image/webp');
      expect((await m.page.request.get(new URL(receipt.pathname, receipt).href)).status()).toBe(404);
      // The proposer is no leader: no approve button for them.
      expect(await card.getByTestId('expense-approve').count()).toBe(0);
      await m.ctx.close();

      // Both leaders approve; the second one then records the payout.
      for (const leader of [s.founder, s.second]) {
        const l = await signedIn(leader, j);
        await openTreasury(l.page, j, s.tribe.slug);
        await l.page.getByTestId('expense').filter({ hasText: title }).waitFor();
        await act(l.page, j, 'approve');
        if (leader === s.second) {
          await l.page.getByTestId('expense-pay').waitFor();
          await act(l.page, j, 'pay');
          const paid = l.page.getByTestId('expense').filter({ hasText: title });
          await expect.poll(() => paid.getByTestId('expense-status').textContent()).toBe(j.locale === 'en' ? 'Paid' : 'مدفوع');
          await expect.poll(() => l.page.getByTestId('treasury-balance').textContent()).toMatch(/600|٦٠٠/);
          // A mistaken gift of 50 arrives; the leader gives it back from the public ledger, with a reason.
          await moneyCall('/v1/donations', s.donor.token, { target_type: 'tribe', target_id: s.tribe.id, amount: 50 });
          await l.page.goto(`${j.prefix}/tribes/ledger/${s.tribe.slug}`);
          await ready(l.page);
          await l.page.getByTestId('refund-donation').first().click();
          await l.page.getByTestId('refund-reason').fill('Sent twice by mistake');
          await expectAccessible(l.page, `${j.locale} refund dialog`);
          await l.page.getByTestId('refund-confirm').click();
          await l.page.getByRole('dialog').waitFor({ state: 'detached' });
          await l.page.getByTestId('ledger-entry').filter({ hasText: 'Sent twice by mistake' }).waitFor();
          // The 1,000 gift cannot be refunded any more (the fund spent part of it): the server says so in the dialog.
          await l.page.getByTestId('refund-donation').first().click();
          await l.page.getByTestId('refund-reason').fill('Too late');
          await l.page.getByTestId('refund-confirm').click();
          await l.page
            .getByRole('alert')
            .filter({ hasText: j.locale === 'en' ? 'no longer holds enough tokens' : 'لم يعد' })
            .waitFor();
          await l.page.keyboard.press('Escape');
        }
        await l.ctx.close();
      }

      // The donor reads it on the public ledger: title, payee, one receipt, both approvers.
      const d = await signedIn(s.donor, j);
      await d.page.goto(`${j.prefix}/tribes/ledger/${s.tribe.slug}`);
      await ready(d.page);
      const line = d.page.getByTestId('ledger-expense').filter({ hasText: title });
      await line.waitFor();
      const text = (await line.textContent()) ?? '';
      expect(text).toContain(s.founder.user.name);
      expect(text).toContain(s.second.user.name);
      expect(await d.page.getByTestId('ledger-entry').filter({ hasText: 'Atlas Roofing' }).count()).toBe(1);
      // Not a leader: no refund control.
      expect(await d.page.getByTestId('refund-donation').count()).toBe(0);
      await expectAccessible(d.page, `${j.locale} public ledger with an expense`);
      // The tribe's paid expenses are public too (the treasury tab of a signed-in non-leader).
      await openTreasury(d.page, j, s.tribe.slug);
      await d.page.getByTestId('expense').filter({ hasText: title }).waitFor();
      await d.ctx.close();
    },
  );
});
