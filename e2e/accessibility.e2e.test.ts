import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import {
  useBrowser,
  expectAccessible,
  newContext,
  ready,
  seedSession,
  signInContext,
  signUpViaApi,
  type ApiUser,
} from './support/helpers';

/** Every screen of issue 3, with the session it needs. */
type Needs = 'none' | 'code' | 'reset' | 'new-user' | 'member';
const SCREENS: [path: string, needs: Needs][] = [
  ['/', 'none'],
  ['/get-started', 'none'],
  ['/sign-in', 'none'],
  ['/sign-up', 'none'],
  ['/forgot-password', 'none'],
  ['/verify-otp', 'code'],
  ['/reset-password', 'reset'],
  ['/contact', 'none'],
  ['/feedback', 'none'],
  ['/privacy_policy', 'none'],
  ['/no-such-page', 'none'],
  ['/role-selection', 'new-user'],
  ['/tribe-selection', 'member'],
  ['/home', 'member'],
  ['/setting/edit-profile', 'member'],
  ['/setting/change-password', 'member'],
  ['/setting/language', 'member'],
  ['/setting/personal-setting', 'member'],
  ['/setting/privacy_policy', 'member'],
];

const browser = await useBrowser();
let newUser: ApiUser;
let member: ApiUser;
beforeAll(async () => {
  [newUser, member] = await Promise.all([
    signUpViaApi({ name: 'نور Noor' }),
    signUpViaApi({ role: 'member', name: 'Mira Cohen' }),
  ]);
});

async function contextFor(needs: Needs): Promise<BrowserContext> {
  const context = await newContext(browser);
  if (needs === 'code')
    await seedSession(context, { userSignUpData: { email: 'someone@example.test', purpose: 'email-verification' } });
  if (needs === 'reset')
    await seedSession(context, {
      resetPassword: true,
      userSignUpData: { email: 'someone@example.test', purpose: 'forgot-password', resetToken: 'token' },
    });
  if (needs === 'new-user') await signInContext(context, newUser);
  if (needs === 'member') await signInContext(context, member);
  return context;
}

describe.each(['en', 'ar'] as const)('accessibility in %s (axe: no serious or critical violation)', (locale) => {
  it.each(SCREENS)('%s', async (path, needs) => {
    const context = await contextFor(needs);
    try {
      const page = await context.newPage();
      const url = locale === 'en' ? path : `/${locale}${path === '/' ? '' : path}`;
      await page.goto(url);
      await ready(page);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, url);
    } finally {
      await context.close();
    }
  });
});
