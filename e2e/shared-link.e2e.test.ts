import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
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

// Issue 37, a donor following a shared link: the campaign and the public ledger open signed out (37.4),
// the ledger's receipt opens and amounts show local money (37.9), giving asks to sign in and comes
// back; donating with too few tokens buys the shortfall and comes back to the donation (37.7).

const browser = await useBrowser();

const RECEIPT_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * A tribe with a campaign that a donor gave 200 tokens to, and a paid expense with a PDF receipt (the
 * donor, a member, proposed it; the leader approved and paid it from the donor's gift to the tribe).
 */
async function campaignWithLedger(j: Journey) {
  const s = suffix();
  const leader = await signUpViaApi({ role: 'leader', name: `Link Leader ${s}` });
  const donor = await signUpViaApi({ role: 'member', name: `Link Donor ${s}` });
  const tribe = await createTribeViaApi(leader, {
    name: `Shared Tribe ${j.locale} ${s}`,
    region: 'Atlas',
    lat: 31,
    lng: -7,
    visibility: 'open',
  });
  const title = `Water for the school ${s}`;
  const { campaign } = await call<{ campaign: { id: string } }>('POST', `/v1/tribes/${tribe.id}/campaigns`, leader.token, {
    title,
    description: 'A deep well so the school has water all year.',
    goal: 1000,
    ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  await call('POST', `/v1/tribes/${tribe.id}/join`, donor.token);
  const purchase = await moneyCall<{ payment_id: string }>('/v1/wallet/purchases', donor.token, { tokens: 1000 });
  await call('POST', `/v1/payments/sandbox/${purchase.payment_id}/complete`, donor.token, { outcome: 'succeeded' });
  await moneyCall('/v1/donations', donor.token, { target_type: 'campaign', target_id: campaign.id, amount: 200 });
  await moneyCall('/v1/donations', donor.token, { target_type: 'tribe', target_id: tribe.id, amount: 300 });

  const form = new FormData();
  for (const [k, v] of Object.entries({ amount: '100', title: `Rope ${s}`, description: 'For the well', payee: 'Souk hardware' }))
    form.set(k, v);
  form.append('receipts', new Blob([RECEIPT_PDF], { type: 'application/pdf' }), 'invoice.pdf');
  const proposed = await fetch(`${baseUrl()}/api/v1/tribes/${tribe.id}/expenses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${donor.token}`, 'idempotency-key': randomUUID() },
    body: form,
  });
  expect(proposed.status).toBe(201);
  const { expense } = ((await proposed.json()) as { data: { expense: { id: string } } }).data;
  await call('POST', `/v1/expenses/${expense.id}/approve`, leader.token, { note: '' });
  await moneyCall(`/v1/expenses/${expense.id}/pay`, leader.token, { reference: 'CASH-1' });
  return { tribe, campaignId: campaign.id, title, donor, s };
}

/** The page is one column wide on a phone: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, label).toBeLessThanOrEqual(width);
}

async function check(page: Page, j: Journey, label: string) {
  await ready(page);
  await page.waitForFunction(() => !document.querySelector('[data-testid="list-skeleton"]'));
  expect(await page.getAttribute('html', 'dir')).toBe(j.dir);
  await expectNoSidewaysScroll(page, `${j.locale} ${label}`);
  await expectAccessible(page, `${j.locale} ${label}`);
}

describe.each<Journey>([
  { locale: 'en', prefix: '', dir: 'ltr', width: 1280 },
  { locale: 'ar', prefix: '/ar', dir: 'rtl', width: 360 },
])('a donor from a shared link ($locale, $width px)', (j) => {
  it(
    'opens the campaign and the ledger signed out, opens the receipt, then signs in to give and lands back on the campaign',
    { timeout: 180_000 },
    async () => {
      const s = await campaignWithLedger(j);
      const ctx = await newContext(browser, { locale: j.locale === 'ar' ? 'ar' : 'en-US', width: j.width, height: 800 });
      try {
        const page = await ctx.newPage();
        const campaignPath = `${j.prefix}/tribes/campaign/detail/${s.campaignId}`;
        await page.goto(campaignPath);
        await check(page, j, 'visitor campaign');
        // The page itself, in the visitor's shell: no trip to /sign-in.
        expect(new URL(page.url()).pathname).toBe(campaignPath);
        expect(await page.locator('[data-layout="visitor"]').count()).toBe(1);
        expect(await page.locator('h1').textContent()).toBe(s.title);
        expect(await page.getByTestId('campaign-progress').first().getAttribute('data-raised')).toBe('200');
        await page.getByTestId('local-money').first().waitFor();

        // The tribe's public ledger: the gifts, the paid expense with its receipt, local money beside tokens.
        await page.getByTestId('campaign-ledger-link').click();
        await page.waitForURL(`**${j.prefix}/tribes/ledger/${s.tribe.slug}`);
        const expense = page.getByTestId('ledger-entry').filter({ has: page.getByTestId('ledger-receipts') });
        await expense.waitFor();
        await page.getByTestId('ledger-local').first().waitFor();
        expect(
          await page
            .getByTestId('ledger-entry')
            .filter({ hasText: `Link Donor ${s.s}` })
            .count(),
        ).toBe(2);
        await check(page, j, 'visitor ledger');
        await expense.getByTestId('ledger-receipts-toggle').click();
        const receipt = expense.getByTestId('ledger-receipt');
        await receipt.waitFor();
        const href = (await receipt.getAttribute('href'))!;
        expect(href).toMatch(/^\/media\/private\/receipts\/[0-9a-f]{32}\.pdf\?exp=\d+&sig=[0-9a-f]{64}$/);
        const file = await page.request.get(href);
        expect(file.status()).toBe(200);
        expect(file.headers()['content-type']).toBe('application/pdf');
        await expectAccessible(page, `${j.locale} visitor ledger, receipt open`);

        // Giving asks to sign in, and the sign-in comes back to the campaign's giving page.
        await page.goBack();
        await page.waitForURL(`**${campaignPath}`);
        await ready(page);
        await page.getByTestId('campaign-donate').first().click();
        await page.waitForURL(`**${j.prefix}/sign-in`);
        await ready(page);
        await page.locator('#field-email').fill(s.donor.email);
        await page.locator('#field-password').fill(s.donor.password);
        await page.getByTestId('sign-in-submit').click();
        await page.waitForURL(`**${j.prefix}/tribes/campaign/donate/${s.campaignId}`);
        await page.locator('#donate-amount').waitFor();
        expect(await page.locator('[data-layout="pannel"]').count()).toBe(1);
        await expect.poll(() => page.getByTestId('donate-balance').textContent()).toMatch(/500|٥٠٠/);
      } finally {
        await ctx.close();
      }
    },
  );
});

describe.each<Journey>([
  { locale: 'en', prefix: '', dir: 'ltr', width: 360 },
  { locale: 'ar', prefix: '/ar', dir: 'rtl', width: 360 },
])('donating with too few tokens ($locale, $width px)', (j) => {
  it(
    'shows the shortfall, buys it through the sandbox checkout and comes back to the donation with its amount',
    { timeout: 180_000 },
    async () => {
      const s = await campaignWithLedger(j);
      const giver: ApiUser = await signUpViaApi({ role: 'member', name: `Short Giver ${s.s}` });
      const ctx = await newContext(browser, { locale: j.locale === 'ar' ? 'ar' : 'en-US', width: j.width, height: 800 });
      await signInContext(ctx, giver);
      try {
        const page = await ctx.newPage();
        const donatePath = `${j.prefix}/tribes/campaign/donate/${s.campaignId}`;
        await page.goto(donatePath);
        await ready(page);
        await expect.poll(() => page.getByTestId('donate-balance').textContent()).toMatch(/\b0\b|٠/);
        await page.locator('#donate-amount').fill('300');
        const shortfall = page.getByTestId('donate-shortfall');
        await shortfall.waitFor();
        expect(await shortfall.getAttribute('data-shortfall')).toBe('300');
        if (j.locale === 'en') expect(await shortfall.textContent()).toContain('You need 300 more tokens.');
        await check(page, j, 'donate shortfall');

        // The purchase opens with the smallest pack that covers 300, and says paying comes back here.
        await page.getByTestId('buy-tokens-link').click();
        await page.waitForURL((url) => url.pathname === `${j.prefix}/setting/wallet` && url.searchParams.get('buy') === '500');
        await page.getByTestId('donation-waiting').waitFor();
        await check(page, j, 'wallet for a donation');
        await page.getByTestId('buy-tokens').click();
        await page.getByTestId('confirm-action').click();
        await page.waitForURL((url) => url.pathname.startsWith(`${j.prefix}/checkout/sandbox/`));
        await page.getByTestId('sandbox-checkout').waitFor();
        await page.getByTestId('checkout-confirm').click();

        // Paid: back on the donation with its amount; enough tokens now, so it goes through.
        await page.waitForURL((url) => url.pathname === donatePath && url.searchParams.get('amount') === '300', {
          timeout: 20_000,
        });
        await page.locator('[data-testid="payment-status"][data-status="succeeded"]').waitFor();
        await expect.poll(() => page.getByTestId('donate-shortfall').count()).toBe(0);
        await check(page, j, 'donate after buying');
        await page.getByTestId('donate-submit').click();
        await page.getByTestId('confirm-action').click();
        await page.getByTestId('donation-done').waitFor();
        const { campaign } = await call<{ campaign: { raised: number } }>('GET', `/v1/campaigns/${s.campaignId}`, giver.token);
        expect(campaign.raised).toBe(500);
        const wallet = await call<{ balance: number }>('GET', '/v1/wallet', giver.token);
        expect(wallet.balance).toBe(200);
      } finally {
        await ctx.close();
      }
    },
  );
});
