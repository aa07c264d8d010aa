import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  useBrowser,
  expectAccessible,
  newContext,
  ready,
  signInContext,
  signUpViaApi,
  type ApiUser,
  call,
  createTribeViaApi,
  type Journey,
} from './support/helpers';

const browser = await useBrowser();

/** A leader with a tribe, and a member of it; both have chosen it as in onboarding. */
async function tribeWithMember(j: Journey) {
  const s = randomBytes(2).toString('hex');
  const leader = await signUpViaApi({ role: 'leader', name: `Money Leader ${s}` });
  const donor = await signUpViaApi({ role: 'member', name: `Money Donor ${s}` });
  const tribe = await createTribeViaApi(leader, {
    name: `Giving Tribe ${j.locale} ${s}`,
    region: 'Somewhere',
    lat: 10,
    lng: 10,
    visibility: 'open',
  });
  const select = async (u: ApiUser): Promise<ApiUser> => ({
    ...u,
    user: (await call<{ user: ApiUser['user'] }>('POST', '/v1/tribe_selection', u.token, { tribe_id: tribe.id })).user,
  });
  return { tribe, leader: await select(leader), donor: await select(donor), s };
}

async function check(page: Page, j: Journey, label: string) {
  await ready(page);
  await page.waitForFunction(() => !document.querySelector('[data-testid="list-skeleton"]'));
  expect(await page.getAttribute('html', 'dir')).toBe(j.dir);
  await expectAccessible(page, `${j.locale} ${label}`);
}

async function signedIn(u: ApiUser, j: Journey): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, { locale: j.locale === 'ar' ? 'ar' : 'en-US', width: j.width });
  await signInContext(ctx, u);
  return { ctx, page: await ctx.newPage() };
}

/** Buys tokens on /setting/wallet through the sandbox checkout; back on the wallet once credited. */
async function buyTokens(page: Page, j: Journey, tokens: number) {
  await page.goto(`${j.prefix}/setting/wallet`);
  await check(page, j, '/setting/wallet');
  await page.locator('#buy-tokens-amount').fill(String(tokens));
  await page.getByTestId('buy-tokens').click();
  await page.getByTestId('confirm-action').click();
  await page.waitForURL((url) => url.pathname.startsWith(`${j.prefix}/checkout/sandbox/`));
  await page.getByTestId('sandbox-checkout').waitFor();
  await check(page, j, '/checkout/sandbox');
  if (j.locale === 'en') expect(await page.getByTestId('checkout-tokens').textContent()).toBe(tokens.toLocaleString('en-US'));
  await page.getByTestId('checkout-confirm').click();
  await page.waitForURL((url) => url.pathname === `${j.prefix}/setting/wallet` && url.searchParams.has('payment'));
  await page.locator('[data-testid="payment-status"][data-status="succeeded"]').waitFor({ timeout: 15_000 });
  await expect.poll(() => page.getByTestId('wallet-balance').getAttribute('data-value')).toBe(String(tokens));
  await page.locator('[data-testid="wallet-transaction"][data-kind="purchase"]').first().waitFor();
}

/** The leader's campaign page follows the progress live from the public campaign channel. */
async function watchCampaign(page: Page, j: Journey, campaignId: string) {
  await page.goto(`${j.prefix}/tribes/campaign/detail/${campaignId}`);
  await ready(page);
  await page.locator('[data-testid="realtime-status"][data-state="connected"]').waitFor({ timeout: 15_000 });
  expect(await page.getByTestId('campaign-progress').getAttribute('data-raised')).toBe('0');
}

describe('money', () => {
  it(
    'a member buys tokens in the sandbox checkout and gives to a campaign the leader created; the leader sees the bar move live',
    { timeout: 240_000 },
    async () => {
      const j: Journey = { locale: 'en', prefix: '', dir: 'ltr', width: 1366 };
      const { tribe, leader, donor, s } = await tribeWithMember(j);
      const lead = await signedIn(leader, j);
      const give = await signedIn(donor, j);
      try {
        // The leader creates a campaign from the tribe's campaigns page.
        const lp = lead.page;
        await lp.goto(`/tribes/campaign/${tribe.slug}`);
        await check(lp, j, '/tribes/campaign (empty)');
        await lp.getByTestId('create-campaign').click();
        await lp.waitForURL(`**/tribes/campaign/create/${tribe.slug}`);
        await check(lp, j, '/tribes/campaign/create');
        // The server's field errors land on the fields: a two-letter title is too short.
        const deadline = new Date(Date.now() + 30 * 86_400_000);
        const mmddyyyy = `${String(deadline.getMonth() + 1).padStart(2, '0')}/${String(deadline.getDate()).padStart(2, '0')}/${deadline.getFullYear()}`;
        await lp.locator('#campaign-title').fill('Wi');
        await lp.locator('#campaign-goal').fill('1000');
        await lp.locator('#campaign-ends-at').fill(mmddyyyy);
        await lp.getByTestId('campaign-submit').click();
        await expect.poll(() => lp.locator('#campaign-title-helper-text').textContent()).toMatch(/3/);
        const title = `Well for the school ${s}`;
        await lp.locator('#campaign-title').fill(title);
        await lp.locator('#campaign-description').fill('A deep well so the school has water all year.');
        await lp.getByTestId('campaign-submit').click();
        await lp.waitForURL((url) => url.pathname.startsWith('/tribes/campaign/detail/'));
        const campaignId = lp.url().split('/').pop()!;
        await watchCampaign(lp, j, campaignId);
        await check(lp, j, '/tribes/campaign/detail (leader)');

        // The member buys 1,000 tokens through the sandbox checkout.
        const gp = give.page;
        await buyTokens(gp, j, 1000);
        expect(await gp.getByTestId('wallet-balance').textContent()).toBe('1,000 tokens');

        // Too much is refused on the amount field, with a way to buy more; then 250 goes through.
        await gp.goto(`/tribes/campaign/donate/${campaignId}`);
        await check(gp, j, '/tribes/campaign/donate');
        await gp.locator('#donate-amount').fill('5000');
        await gp.getByTestId('donate-submit').click();
        await expect
          .poll(() => gp.locator('#donate-amount-helper-text').textContent())
          .toBe('Not enough tokens: your balance is 1,000.');
        await gp.getByTestId('buy-tokens-link').waitFor();
        await gp.locator('#donate-amount').fill('250');
        await gp.locator('#donate-message').fill('For clean water');
        await gp.getByTestId('donate-submit').click();
        const dialog = gp.getByRole('dialog', { name: 'Confirm your donation' });
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain(`Give 250 tokens to ${title}?`);
        await expectAccessible(gp, 'en donate confirmation');
        await gp.getByTestId('confirm-action').click();
        await gp.getByTestId('donation-done').waitFor();

        // The leader's open page moves without a reload.
        await expect.poll(() => lp.getByTestId('campaign-progress').getAttribute('data-raised'), { timeout: 15_000 }).toBe('250');
        expect(await lp.getByTestId('campaign-raised').textContent()).toBe('250 of 1,000 tokens');
        await lp
          .getByTestId('donor')
          .filter({ hasText: `Money Donor ${s}` })
          .waitFor();

        // The member sees the campaign, the tribe's campaigns tab, the public ledger and the other money pages.
        await gp.getByTestId('see-campaign').click();
        await gp.waitForURL(`**/tribes/campaign/detail/${campaignId}`);
        await gp.getByTestId('donations-chart').waitFor();
        await check(gp, j, '/tribes/campaign/detail');
        expect(await gp.getByTestId('campaign-progress').getAttribute('aria-valuenow')).toBe('25');

        await gp.goto(`/tribes/${tribe.slug}?tab=campaigns`);
        await gp.getByTestId('campaign-card').filter({ hasText: title }).waitFor();
        await check(gp, j, '/tribes/{slug} campaigns tab');
        await gp.getByTestId('ledger-link').click();
        await gp.waitForURL(`**/tribes/ledger/${tribe.slug}`);
        await gp
          .getByTestId('ledger-entry')
          .filter({ hasText: `Money Donor ${s}` })
          .waitFor();
        await check(gp, j, '/tribes/ledger');
        const csvHref = await gp.getByTestId('ledger-csv').getAttribute('href');
        const csv = await fetch(`${baseUrl()}${csvHref}`);
        expect(csv.headers.get('content-type')).toContain('text/csv');
        expect(await csv.text()).toContain(title);

        await gp.goto('/tribes/campaign/' + tribe.slug);
        await check(gp, j, '/tribes/campaign');
        await gp.goto('/donate');
        await gp.getByTestId('donate-balance').filter({ hasText: '750' }).waitFor();
        await check(gp, j, '/donate');
        await gp.goto('/setting/crypto_wallet');
        await gp.getByTestId('no-wallet').waitFor();
        await check(gp, j, '/setting/crypto_wallet');

        // The leader closes the campaign after confirming; it no longer offers to donate.
        await lp.getByTestId('close-campaign').click();
        await lp.getByTestId('confirm-action').click();
        await lp.getByTestId('close-campaign').waitFor({ state: 'detached' });
        expect(await lp.getByTestId('campaign-donate').count()).toBe(0);
      } finally {
        await lead.ctx.close();
        await give.ctx.close();
      }
    },
  );

  it(
    'the same journey in Arabic on a phone: buy in the sandbox, give through /donate, the bar moves live (rtl)',
    { timeout: 240_000 },
    async () => {
      const j: Journey = { locale: 'ar', prefix: '/ar', dir: 'rtl', width: 390 };
      const { tribe, leader, donor, s } = await tribeWithMember(j);
      const title = `بئر المدرسة ${s}`;
      const { campaign } = await call<{ campaign: { id: string } }>('POST', `/v1/tribes/${tribe.id}/campaigns`, leader.token, {
        title,
        description: 'بئر عميقة للمدرسة',
        goal: 2000,
        ends_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        milestones: [{ title: 'النصف', amount: 1000 }],
      });
      const lead = await signedIn(leader, j);
      const give = await signedIn(donor, j);
      try {
        const lp = lead.page;
        await watchCampaign(lp, j, campaign.id);
        await check(lp, j, '/tribes/campaign/detail (leader)');
        await lp.goto(`/ar/tribes/campaign/create/${tribe.slug}`);
        await check(lp, j, '/tribes/campaign/create');
        await watchCampaign(lp, j, campaign.id);

        const gp = give.page;
        await buyTokens(gp, j, 1500);

        // /donate: my tribe is chosen; pick the campaign, give 1,200 anonymously.
        await gp.goto('/ar/donate');
        await check(gp, j, '/donate');
        await gp.getByTestId('donate-target').click();
        await gp.getByRole('option', { name: title }).click();
        await expect.poll(() => new URL(gp.url()).searchParams.get('campaign')).toBe(campaign.id);
        await gp.getByTestId('donate-target').filter({ hasText: title }).waitFor();
        await gp.locator('#donate-amount').fill('1200');
        await gp.getByRole('checkbox').check();
        await gp.getByTestId('donate-submit').click();
        await gp.getByRole('dialog').waitFor();
        await expectAccessible(gp, 'ar donate confirmation');
        await gp.getByTestId('confirm-action').click();
        await gp.getByTestId('donation-done').waitFor();

        await expect
          .poll(() => lp.getByTestId('campaign-progress').getAttribute('data-raised'), { timeout: 15_000 })
          .toBe('1200');
        // Anonymous: the donors list does not name the member.
        await lp.getByTestId('donor').first().waitFor();
        expect(await lp.getByTestId('donor-list').textContent()).not.toContain(`Money Donor ${s}`);

        for (const path of [
          `/ar/tribes/campaign/detail/${campaign.id}`,
          `/ar/tribes/campaign/donate/${campaign.id}`,
          `/ar/tribes/campaign/${tribe.slug}`,
          `/ar/tribes/${tribe.slug}?tab=campaigns`,
          `/ar/tribes/ledger/${tribe.slug}`,
          '/ar/setting/crypto_wallet',
        ]) {
          await gp.goto(path);
          await check(gp, j, path);
        }
        // No sideways scrolling on a phone in rtl.
        expect(await gp.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      } finally {
        await lead.ctx.close();
        await give.ctx.close();
      }
    },
  );
});
