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
  waitForMail,
  createTribeViaApi,
} from './support/helpers';

const browser = await useBrowser();

describe('notification mail and one-click unsubscribe', () => {
  it(
    'a member in Arabic turns comment emails on in settings, gets one, and stops them from the mail’s link (axe ar, en; 360 px)',
    { timeout: 150_000 },
    async () => {
      const tag = suffix();
      const author = await signUpViaApi({ role: 'leader', name: `Author ${tag}` });
      const tribe = await createTribeViaApi(author, {
        name: `Dunes ${tag}`,
        description: 'Tents and wells',
        region: 'Merzouga',
        lat: 31.1,
        lng: -4.0,
        visibility: 'open',
      });
      const { post } = await call<{ post: { id: string } }>('POST', '/v1/posts', author.token, {
        body: 'Who can help with the well?',
        tribe_id: tribe.id,
      });

      // The account's language (setting/language) is the language of its mail.
      await call('PATCH', '/v1/me/settings', author.token, { language: 'ar' });
      const ctx = await newContext(browser, { width: 360, height: 740 });
      ctx.setDefaultTimeout(20_000);
      await signInContext(ctx, author);
      const page = await ctx.newPage();
      await page.goto('/ar/setting/personal-setting');
      await ready(page);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      const mailSwitch = page.getByTestId('notify-comments-email').locator('input');
      // Wait for the fresh read of the account, then switch (the switch follows the server's answer).
      await page.waitForLoadState('networkidle');
      await mailSwitch.click();
      await expect.poll(() => mailSwitch.isChecked()).toBe(true);
      await expect
        .poll(
          async () =>
            (
              await call<{ user: { settings: { notifications: { comments: { email: boolean } } } } }>(
                'GET',
                '/v1/me',
                author.token,
              )
            ).user.settings.notifications.comments.email,
        )
        .toBe(true);
      await expectAccessible(page, 'notification settings (ar, 360 px)');

      const commenter = await signUpViaApi({ role: 'member', name: `Helper ${tag}` });
      await call('POST', `/v1/tribes/${tribe.id}/join`, commenter.token);
      await call('POST', `/v1/posts/${post.id}/comments`, commenter.token, { body: 'I can bring rope' });
      const mail = await waitForMail(author.email, 2, 20_000);
      expect(mail.html).toContain('dir="rtl"');
      const link = /(https?:\/\/\S+\/unsubscribe\/\S+)/.exec(mail.text)?.[1];
      expect(link).toBeTruthy();

      // The mail's link opens a page that asks first (in the reader's language), then stops these emails.
      await page.goto(new URL(link!).pathname.replace(/^\/unsubscribe/, '/ar/unsubscribe'));
      await ready(page);
      await page.getByTestId('unsubscribe-confirm').waitFor();
      await expectAccessible(page, 'unsubscribe page asking (ar)');
      await page.getByTestId('unsubscribe-confirm').click();
      await page.getByTestId('unsubscribe-done').waitFor();
      await expectAccessible(page, 'unsubscribe page done (ar)');
      const me = await call<{ user: { settings: { notifications: { comments: { in_app: boolean; email: boolean } } } } }>(
        'GET',
        '/v1/me',
        author.token,
      );
      expect(me.user.settings.notifications.comments).toMatchObject({ in_app: true, email: false });

      await page.goto('/setting/personal-setting');
      await ready(page);
      await expect.poll(() => page.getByTestId('notify-comments-email').locator('input').isChecked()).toBe(false);
      await expectAccessible(page, 'notification settings (en)');
      await ctx.close();
    },
  );
});

describe('@mention autocomplete', () => {
  it(
    'a leader types @ and part of a member’s name in the tribe’s composer, picks her with the keyboard, and she is told (axe with the list open; he, 360 px)',
    { timeout: 120_000 },
    async () => {
      const tag = suffix();
      const leader = await signUpViaApi({ role: 'leader', name: `Leader ${tag}` });
      const tribe = await createTribeViaApi(leader, {
        name: `Oasis ${tag}`,
        description: 'Palm groves',
        region: 'Figuig',
        lat: 32.1,
        lng: -1.2,
        visibility: 'open',
      });
      const zainab = await signUpViaApi({ role: 'member', name: `Zainab Qadiri ${tag}` });
      await call('POST', `/v1/tribes/${tribe.id}/join`, zainab.token);

      const ctx = await newContext(browser, { width: 360, height: 740 });
      ctx.setDefaultTimeout(20_000);
      await signInContext(ctx, leader);
      const page = await ctx.newPage();
      await page.goto(`/he/tribes/${encodeURIComponent(tribe.slug)}?tab=posts`);
      await ready(page);
      const body = page.getByTestId('composer-body');
      await body.click();
      await body.pressSequentially('תודה @zainab q');
      const option = page.getByRole('option', { name: `Zainab Qadiri ${tag}` });
      await option.waitFor();
      expect(await body.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
      await expectAccessible(page, 'mention suggestions (he, 360 px)');
      await page.keyboard.press('Enter');
      await expect.poll(() => body.inputValue()).toBe(`תודה @Zainab Qadiri ${tag} `);
      expect(await page.getByRole('listbox').count()).toBe(0);
      await page.getByTestId('composer-submit').click();
      await expect
        .poll(
          async () =>
            (
              await call<{ items: { kind: string; actor: { id: string } | null }[] }>('GET', '/v1/notifications', zainab.token)
            ).items.filter((n) => n.kind === 'mention' && n.actor?.id === leader.user.id).length,
          { timeout: 15_000 },
        )
        .toBe(1);
      await ctx.close();
    },
  );
});
