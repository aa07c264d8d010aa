import { describe, expect, it } from 'vitest';
import { useBrowser, newContext, PASSWORD, ready, signInContext, signUpViaApi, snackbar } from './support/helpers';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const browser = await useBrowser();

async function signedInPage(role: 'member' | 'leader' = 'member') {
  const user = await signUpViaApi({ role });
  const context = await newContext(browser);
  await signInContext(context, user);
  return { user, context, page: await context.newPage() };
}

describe('settings', () => {
  it('uploads a profile photo (multipart field "avatar")', async () => {
    const { context, page } = await signedInPage();
    try {
      await page.goto('/setting/edit-profile');
      await ready(page);
      await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await expect.poll(() => snackbar(page).textContent()).toContain('Your photo has been updated.');
      await expect.poll(() => page.locator('main img').first().getAttribute('src')).toMatch(/^\/media\//);
      const stored = await page.evaluate(
        () => JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { userData: { avatar_url: string | null } },
      );
      expect(stored.userData.avatar_url).toMatch(/\/media\//);
    } finally {
      await context.close();
    }
  });

  it('changes the password, showing a wrong current password on its field', async () => {
    const { context, page } = await signedInPage();
    try {
      await page.goto('/setting/change-password');
      await ready(page);
      await page.locator('#field-current_password').fill('definitely wrong');
      await page.locator('#field-password').fill('a brand new passphrase');
      await page.locator('#field-password_confirmation').fill('a brand new passphrase');
      await page.getByTestId('change-password-submit').click();
      await expect
        .poll(() => page.locator('#field-current_password-helper-text').textContent())
        .toBe('The current password is incorrect.');
      await page.locator('#field-current_password').fill(PASSWORD);
      await page.getByTestId('change-password-submit').click();
      await expect.poll(() => snackbar(page).textContent()).toContain('Your password has been changed.');
      expect(await page.locator('#field-password').inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('saves the language on the account and switches the interface', async () => {
    const { context, page } = await signedInPage();
    try {
      await page.goto('/setting/language');
      await ready(page);
      await page.getByRole('radio', { name: 'Français' }).click();
      await page.waitForURL('**/fr/setting/language');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Langue');
      const stored = await page.evaluate(
        () => JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { userData: { settings: unknown; locale: string } },
      );
      expect(JSON.stringify(stored.userData)).toContain('"fr"');
    } finally {
      await context.close();
    }
  });

  it('deletes the account after the confirmation dialog, then goes home signed out', async () => {
    const { context, page, user } = await signedInPage('leader');
    try {
      await page.goto('/setting/personal-setting');
      await ready(page);
      await page.getByTestId('delete-account').click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await dialog.locator('#field-password').fill('wrong password here');
      await page.getByTestId('confirm-delete').click();
      await expect.poll(() => dialog.locator('#field-password-helper-text').textContent()).toBeTruthy();
      await dialog.locator('#field-password').fill(user.password);
      await page.getByTestId('confirm-delete').click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => snackbar(page).textContent()).toContain('Your account has been deleted.');
      expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    } finally {
      await context.close();
    }
  });
});
