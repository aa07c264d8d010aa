import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  call,
  createTribeViaApi,
  expectAccessible,
  newContext,
  ready,
  settled,
  signInContext,
  signUpViaApi,
  suffix,
  type ApiUser,
  type Journey,
  useBrowser,
} from './support/helpers';
import { E2E_OPERATOR_EMAILS } from './support/operators';

const browser = await useBrowser();

interface Notice {
  id: string;
  kind: string;
  reason: string;
  snapshot: { text: string } | null;
  appeal: { status: string; note?: string | null };
}

interface AdminReport {
  id: string;
  target_id: string;
  status: string;
  action: string | null;
  snapshot: { text: string } | null;
}

/**
 * Through the API: a leader with a tribe and a post in it, a member who comments on it, a reporter who
 * reports the comment to the operators, and the journey's operator (OPERATOR_EMAILS) with TOTP confirmed.
 */
async function cast(j: Journey) {
  const tag = suffix();
  const [leader, author, reporter, operator] = await Promise.all([
    signUpViaApi({ role: 'leader', name: `Mod Leader ${tag}` }),
    signUpViaApi({ role: 'member', name: `Mod Author ${tag}` }),
    signUpViaApi({ role: 'member', name: `Mod Reporter ${tag}` }),
    signUpViaApi({
      role: 'member',
      name: `Operator ${j.locale}`,
      email: j.locale === 'ar' ? E2E_OPERATOR_EMAILS.moderationAr : E2E_OPERATOR_EMAILS.moderationEn,
    }),
  ]);
  const tribe = await createTribeViaApi(leader, {
    name: `Harbour ${j.locale} ${tag}`,
    region: 'Coast',
    lat: 31.6,
    lng: -8,
    visibility: 'open',
  });
  await call('POST', `/v1/tribes/${tribe.id}/join`, author.token, {});
  await call('POST', `/v1/tribes/${tribe.id}/join`, reporter.token, {});
  const { post } = await call<{ post: { id: string } }>('POST', '/v1/posts', leader.token, {
    body: `Harbour meeting on Friday ${tag}`,
    tribe_id: tribe.id,
    visibility: 'tribe',
  });
  const text = `${j.locale === 'ar' ? 'كلام جارح' : 'Hurtful words'} ${tag}`;
  const { comment } = await call<{ comment: { id: string } }>('POST', `/v1/posts/${post.id}/comments`, author.token, {
    body: text,
  });
  await call('POST', `/v1/comments/${comment.id}/report`, reporter.token, { reason: `Insults ${tag}` });

  const { secret } = await call<{ secret: string }>('POST', '/v1/me/2fa/totp', operator.token, {});
  await call('POST', '/v1/me/2fa/totp/confirm', operator.token, { code: await generate({ secret }) });
  return { tag, leader, author, reporter, operator, secret, post, comment, text };
}

/**
 * A code for the next 30 s step: the server accepts one step either side, and the step that turned 2FA
 * on is not accepted twice, so the sign-in right after it uses the next one.
 */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function phone(j: Journey): Promise<BrowserContext> {
  const ctx = await newContext(browser, { locale: j.locale === 'ar' ? 'ar' : 'en-US', width: j.width, height: 740 });
  // A missing element fails with its locator well before the test's own timeout.
  ctx.setDefaultTimeout(20_000);
  return ctx;
}

async function check(page: Page, j: Journey) {
  await settled(page);
  expect(await page.getAttribute('html', 'dir')).toBe(j.dir);
}

/** The console's current section is in view in its navigation, which scrolls sideways on a phone. */
async function expectCurrentSectionShown(page: Page) {
  const shown = () =>
    page.evaluate(() => {
      const strip = document.querySelector('nav [role="tablist"]')!.parentElement!.getBoundingClientRect();
      const tab = document.querySelector('nav [aria-current="page"]')!.getBoundingClientRect();
      return tab.left >= strip.left - 1 && tab.right <= strip.right + 1;
    });
  await expect.poll(shown).toBe(true);
}

/** The operator signs in on the sign-in page: the password, then the authenticator's code. */
async function signInOperator(page: Page, j: Journey, operator: ApiUser, secret: string) {
  await page.goto(`${j.prefix}/sign-in`);
  await ready(page);
  await page.locator('#field-email').fill(operator.email);
  await page.locator('#field-password').fill(operator.password);
  await page.getByTestId('sign-in-submit').click();
  await page.locator('#field-code').fill(await nextCode(secret));
  await page.getByTestId('two-factor-submit').click();
  await page.waitForURL((url) => !url.pathname.includes('/sign-in'));
}

async function journey(j: Journey) {
  const c = await cast(j);
  const opCtx = await phone(j);
  const authorCtx = await phone(j);
  try {
    const op = await opCtx.newPage();
    await signInOperator(op, j, c.operator, c.secret);
    const opToken = await op.evaluate(
      () => (JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { accessToken: string }).accessToken,
    );

    // The reports queue: the comment as it was reported, with its one-click actions.
    await op.goto(`${j.prefix}/admin/reports`);
    await check(op, j);
    const card = op.locator('[data-testid="admin-report"]', { hasText: c.text });
    await card.waitFor();
    await expectCurrentSectionShown(op);
    expect(await card.getByTestId('snapshot').textContent()).toContain(c.text);
    expect(await card.textContent()).toContain(`Insults ${c.tag}`);
    // The page fits the phone: nothing wider than the screen.
    expect(await op.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(j.width);
    await expectAccessible(op, `${j.locale} /admin/reports`);

    await card.getByTestId('report-remove_content').click();
    const dialog = op.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('snapshot').textContent()).toContain(c.text);
    await expectAccessible(op, `${j.locale} remove-content dialog`);
    const reason = `Insults are not welcome here ${c.tag}`;
    await dialog.getByTestId('reason-input').fill(reason);
    await dialog.getByTestId('reason-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    // It leaves the open queue, and is among the closed ones, acted on.
    await expect.poll(() => card.count()).toBe(0);
    const closed = await call<{ items: AdminReport[] }>('GET', '/v1/admin/reports?status=closed&limit=50', opToken);
    expect(closed.items.find((r) => r.target_id === c.comment.id)).toMatchObject({
      status: 'actioned',
      action: 'remove_content',
      snapshot: { text: c.text },
    });
    await op.getByTestId('reports-closed').click();
    await card.waitFor();

    // The comment is gone for its readers; its author has a notice with the reason and what was removed.
    const commentIds = async () =>
      (await call<{ items: { id: string }[] }>('GET', `/v1/posts/${c.post.id}/comments`, c.reporter.token)).items.map(
        (x) => x.id,
      );
    expect(await commentIds()).not.toContain(c.comment.id);
    const notices = await call<{ items: Notice[] }>('GET', '/v1/me/moderation', c.author.token);
    expect(notices.items).toHaveLength(1);
    expect(notices.items[0]).toMatchObject({
      kind: 'content_removed',
      reason,
      snapshot: { text: c.text },
      appeal: { status: 'none' },
    });

    // The author appeals it from their settings.
    await signInContext(authorCtx, c.author);
    const author = await authorCtx.newPage();
    await author.goto(`${j.prefix}/setting/moderation`);
    await check(author, j);
    const notice = author.getByTestId('moderation-notice');
    expect(await notice.textContent()).toContain(reason);
    await notice.getByTestId('notice-appeal').click();
    const appealDialog = author.getByRole('dialog');
    await appealDialog.getByTestId('reason-input').fill(`It was a quote from a song ${c.tag}`);
    await appealDialog.getByTestId('reason-submit').click();
    await appealDialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await call<{ items: Notice[] }>('GET', '/v1/me/moderation', c.author.token)).items[0]?.appeal.status)
      .toBe('open');

    // The operator overturns it with a note.
    await op.goto(`${j.prefix}/admin/appeals`);
    await check(op, j);
    const appeal = op.locator('[data-testid="admin-appeal"]', { hasText: c.text });
    await appeal.waitFor();
    await expectCurrentSectionShown(op);
    expect(await appeal.textContent()).toContain(`It was a quote from a song ${c.tag}`);
    await expectAccessible(op, `${j.locale} /admin/appeals`);
    await appeal.getByTestId('appeal-overturn').click();
    const decide = op.getByRole('dialog');
    const note = `Read in context it is a song ${c.tag}`;
    await decide.getByTestId('reason-input').fill(note);
    await decide.getByTestId('reason-submit').click();
    await decide.waitFor({ state: 'hidden' });
    await expect.poll(() => appeal.count()).toBe(0);

    // The comment is back, and the appeal is decided for the author.
    expect(await commentIds()).toContain(c.comment.id);
    const after = await call<{ items: Notice[] }>('GET', '/v1/me/moderation', c.author.token);
    expect(after.items[0]?.appeal).toMatchObject({ status: 'overturned', note });
    await author.reload();
    await check(author, j);
    await expect
      .poll(() => author.getByTestId('notice-appeal-status').textContent())
      .toBe(j.locale === 'ar' ? 'أُلغي القرار' : 'Decision overturned');
  } finally {
    await opCtx.close();
    await authorCtx.close();
  }
}

describe('operators moderate at 360 px', () => {
  it('en: an operator removes a reported comment, the author appeals, the operator overturns it', { timeout: 240_000 }, () =>
    journey({ locale: 'en', prefix: '', dir: 'ltr', width: 360 }),
  );

  it('ar (rtl): the same journey in Arabic', { timeout: 240_000 }, () =>
    journey({ locale: 'ar', prefix: '/ar', dir: 'rtl', width: 360 }),
  );
});
