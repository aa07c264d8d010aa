import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribes/shared';
import { jsonResponse, MEMBER, stubFetch, success, type FetchCall } from '../../test/api-harness';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  window.localStorage.clear();
});

/** An account made from a phone number: no email yet. */
const PHONE_USER: User = { ...MEMBER, email: null, email_verified: false, phone: '+212612345678' };
const NEW_EMAIL = 'noor.new@example.test';
const TAKEN = 'This email is already registered.';
const WRONG_CODE = 'This code is invalid or has expired. Ask for a new one.';

/** The API of the page and the dialog: a taken address, a bad address, a wrong code and the right one. */
function stubApi() {
  return stubFetch((call: FetchCall) => {
    const body = call.body ? (JSON.parse(String(call.body)) as Record<string, string>) : {};
    if (call.url.endsWith('/v1/auth/providers')) return jsonResponse(200, success({ firebase: null, oidc: [], passkeys: true }));
    if (call.url.endsWith('/v1/me/identities')) return jsonResponse(200, success({ identities: [] }));
    if (call.url.endsWith('/v1/me/email') && call.method === 'POST') {
      if (body.email === 'taken@example.test')
        return jsonResponse(409, { status: 'error', error_type: 'email_taken', message: TAKEN });
      if (!body.email?.includes('@'))
        return jsonResponse(400, {
          status: 'error',
          error_type: 'validation_error',
          message: 'Validation failed.',
          errors: { email: ['Enter a valid email address.'] },
        });
      return jsonResponse(200, success({}, `We sent a code to ${body.email}.`));
    }
    if (call.url.endsWith('/v1/me/email/confirm')) {
      if (body.code !== '123456')
        return jsonResponse(400, {
          status: 'error',
          error_type: 'validation_error',
          message: 'Validation failed.',
          errors: { code: [WRONG_CODE] },
        });
      return jsonResponse(
        200,
        success({ user: { ...PHONE_USER, email: body.email, email_verified: true } }, 'Your email address has been saved.'),
      );
    }
    return jsonResponse(200, success({}));
  });
}

const posts = (calls: FetchCall[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.url.endsWith(path)).map((c) => JSON.parse(String(c.body)) as unknown);

describe('adding an email on /setting/sign-in-methods', () => {
  it('adds an email in two steps, with the server’s messages on the field they concern', async () => {
    const calls = stubApi();
    const { router } = await renderApp('/setting/sign-in-methods', {
      session: { accessToken: 'tok', userData: PHONE_USER, isLoggedIn: true },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/sign-in-methods'), { timeout: 20_000 });
    expect(await screen.findByTestId('no-email-note', {}, { timeout: 20_000 })).toHaveTextContent(
      'Add an email address to also sign in with a code sent by email.',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add an email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an email address' });

    // Step 1: the address. Empty: said at once, nothing asked; taken: the server's 409 under the field.
    await user.click(within(dialog).getByTestId('account-email-submit'));
    expect(within(dialog).getByText('Enter an email address.')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Email address' });
    expect(field).toHaveAttribute('dir', 'ltr');
    await user.type(field, 'taken@example.test');
    await user.click(within(dialog).getByTestId('account-email-submit'));
    expect(await within(dialog).findByText(TAKEN)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, 'nope');
    await user.click(within(dialog).getByTestId('account-email-submit'));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, ` ${NEW_EMAIL.toUpperCase()} `);
    await user.click(within(dialog).getByTestId('account-email-submit'));

    // Step 2: the code mailed to the new address. A wrong one: the server's message on the code field.
    const code = await within(dialog).findByRole('textbox', { name: 'Code from the email' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(`We sent a 6-digit code to \u2066${NEW_EMAIL}\u2069.`);
    await user.type(code, '000000');
    await user.click(within(dialog).getByTestId('account-email-submit'));
    expect(await within(dialog).findByText(WRONG_CODE)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByTestId('account-email-submit'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('account-email')).toHaveTextContent(NEW_EMAIL);
    expect(screen.queryByTestId('no-email-note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change email' })).toBeInTheDocument();
    expect(posts(calls, '/v1/me/email')).toEqual([
      { email: 'taken@example.test' },
      { email: 'nope' },
      // An email input drops the spaces itself; the server lower-cases.
      { email: NEW_EMAIL.toUpperCase() },
    ]);
    expect(posts(calls, '/v1/me/email/confirm')).toEqual([
      { email: NEW_EMAIL, code: '000000' },
      { email: NEW_EMAIL, code: '123456' },
    ]);
  }, 90_000);

  it('offers to change the email of an account that has one, in Arabic', async () => {
    stubApi();
    const { router } = await renderApp('/ar/setting/sign-in-methods', {
      session: { accessToken: 'tok', userData: MEMBER, isLoggedIn: true },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/setting/sign-in-methods'), { timeout: 20_000 });
    expect(await screen.findByTestId('account-email', {}, { timeout: 20_000 })).toHaveTextContent(MEMBER.email!);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'تغيير البريد الإلكتروني' }));
    const dialog = await screen.findByRole('dialog', { name: 'تغيير عنوان بريدك الإلكتروني' });
    expect(within(dialog).getByRole('textbox', { name: 'البريد الإلكتروني الجديد' })).toBeInTheDocument();
  }, 60_000);
});
