import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, MEMBER, stubFetch, success, type FetchCall } from '../../test/api-harness';
import { renderApp, settle } from '../../test/render-app';

/** The browser side of WebAuthn, replaced: the test decides whether the user completes the prompt. */
const startAuthentication = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication, startRegistration: vi.fn() }));

afterEach(() => {
  startAuthentication.mockReset();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  window.localStorage.clear();
});

const CHALLENGE = '0b9a7d52-5d0e-4a57-9a54-0e3c2f3f6a11';
const invalid = (field: string, message: string) =>
  jsonResponse(400, {
    status: 'error',
    error_type: 'validation_error',
    message: 'Validation failed.',
    errors: { [field]: [message] },
  });
const bodyOf = (call: FetchCall) => JSON.parse(String(call.body)) as Record<string, unknown>;
const callsTo = (calls: FetchCall[], path: string, method = 'POST') =>
  calls.filter((c) => c.url.endsWith(path) && c.method === method).map(bodyOf);

/** Pastes a value into a field found by id (waiting for it: the 2FA step is a lazy chunk). */
async function fill(user: ReturnType<typeof userEvent.setup>, id: string, value: string) {
  await waitFor(() => expect(document.getElementById(id)).not.toBeNull(), { timeout: 10_000 });
  await user.click(document.getElementById(id)!);
  await user.paste(value);
}

describe('the 2FA step of /sign-in', () => {
  it('asks for the app code after the password, shows a wrong code on its field, then signs in', async () => {
    let verifyTries = 0;
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/v1/auth/login')) {
        return jsonResponse(200, {
          status: 'warning',
          message: 'Enter the code from your authenticator app to finish signing in.',
          data: { two_factor_required: true, challenge_id: CHALLENGE },
        });
      }
      if (call.url.endsWith('/v1/auth/2fa/verify')) {
        verifyTries += 1;
        if (verifyTries === 1) return invalid('code', 'This code is not right. Check your authenticator app and try again.');
        return jsonResponse(200, success({ auth_token: 'tok-2fa', user: MEMBER }));
      }
      return jsonResponse(200, success({ items: [], next_cursor: null }));
    });
    const { router } = await renderApp('/sign-in');
    await settle(router, '/sign-in');
    const user = userEvent.setup();
    await fill(user, 'field-email', 'noor@example.test');
    await fill(user, 'field-password', 'a long enough passphrase');
    await user.click(screen.getByTestId('sign-in-submit'));

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('auth') ?? '{}').accessToken ?? null).toBeNull();
    // The client checks the format first: no call for 5 digits.
    await fill(user, 'field-code', '12345');
    await user.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(document.getElementById('field-code')).toHaveAttribute('aria-invalid', 'true'));
    expect(callsTo(calls, '/v1/auth/2fa/verify')).toEqual([]);

    await user.clear(document.getElementById('field-code')!);
    await fill(user, 'field-code', '111111');
    await user.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByText('This code is not right. Check your authenticator app and try again.')).toBeInTheDocument();

    await user.clear(document.getElementById('field-code')!);
    await fill(user, 'field-code', '222222');
    await user.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 5000 });
    expect(callsTo(calls, '/v1/auth/2fa/verify')).toEqual([
      { challenge_id: CHALLENGE, code: '111111' },
      { challenge_id: CHALLENGE, code: '222222' },
    ]);
    expect(JSON.parse(window.localStorage.getItem('auth') ?? '{}')).toMatchObject({ isLoggedIn: true, accessToken: 'tok-2fa' });
  }, 40_000);

  it('takes a recovery code instead, from /sign-in?challenge= (another way in), in Arabic', async () => {
    const calls = stubFetch((call) =>
      call.url.endsWith('/v1/auth/2fa/verify')
        ? jsonResponse(200, success({ auth_token: 'tok-rc', user: MEMBER }))
        : jsonResponse(200, success({ items: [], next_cursor: null })),
    );
    const { router } = await renderApp(`/ar/sign-in?challenge=${CHALLENGE}`);
    await settle(router, '/ar/sign-in');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'التحقق بخطوتين' })).toBeInTheDocument();
    await user.click(screen.getByTestId('two-factor-toggle'));
    // No WebAuthn in this browser: no passkey button.
    expect(screen.queryByTestId('two-factor-passkey')).toBeNull();
    await fill(user, 'field-recovery_code', 'abcde-fghjk');
    await user.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/home'), { timeout: 5000 });
    expect(callsTo(calls, '/v1/auth/2fa/verify')).toEqual([{ challenge_id: CHALLENGE, recovery_code: 'abcde-fghjk' }]);
  }, 40_000);

  it('a mailed sign-in code of an account with 2FA on continues on the 2FA step', async () => {
    stubFetch((call) =>
      call.url.endsWith('/v1/auth/email/otp/verify')
        ? jsonResponse(200, {
            status: 'warning',
            message: 'Enter the code from your authenticator app to finish signing in.',
            data: { two_factor_required: true, challenge_id: CHALLENGE },
          })
        : jsonResponse(200, success({ items: [], next_cursor: null })),
    );
    const { router } = await renderApp('/verify-otp', {
      session: { userSignUpData: { email: 'noor@example.test', purpose: 'login' } },
    });
    await settle(router, '/verify-otp');
    const user = userEvent.setup();
    await fill(user, 'field-code', '654321');
    await user.click(screen.getByTestId('verify-submit'));
    await settle(router, '/sign-in');
    // The sign-in page is a lazy chunk: the router shows it once loaded.
    expect(await screen.findByRole('heading', { name: 'Two-step verification' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('field-code')).not.toBeNull(), { timeout: 10_000 });
    expect(JSON.parse(window.localStorage.getItem('auth') ?? '{}').accessToken ?? null).toBeNull();
  }, 40_000);

  it('a burnt challenge says to sign in again and leads back to the password form', async () => {
    stubFetch((call) =>
      call.url.endsWith('/v1/auth/2fa/verify')
        ? invalid('challenge_id', 'Too many wrong codes. Please sign in again.')
        : jsonResponse(200, success({ items: [], next_cursor: null })),
    );
    const { router } = await renderApp(`/sign-in?challenge=${CHALLENGE}`);
    await settle(router, '/sign-in');
    const user = userEvent.setup();
    await fill(user, 'field-code', '333333');
    await user.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes. Please sign in again.');
    await user.click(screen.getByTestId('two-factor-restart'));
    expect(await screen.findByTestId('sign-in-submit')).toBeInTheDocument();
  }, 40_000);
});

describe('a passkey instead of the code', () => {
  const ASSERTION = {
    id: 'Y3JlZA',
    rawId: 'Y3JlZA',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'YQ' },
  };
  const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }] };

  it('offers "Use a passkey instead" where WebAuthn exists; a refused passkey is said, a dismissed prompt noted, then it signs in', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    let verifyTries = 0;
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/v1/auth/2fa/passkey/options')) return jsonResponse(200, success({ options: OPTIONS }));
      if (call.url.endsWith('/v1/auth/2fa/verify')) {
        verifyTries += 1;
        if (verifyTries === 1) {
          return invalid(
            'passkey',
            'This passkey is not one of this account’s or could not be verified. Try again or use a code.',
          );
        }
        return jsonResponse(200, success({ auth_token: 'tok-pk', user: MEMBER }));
      }
      return jsonResponse(200, success({ items: [], next_cursor: null }));
    });
    const { router } = await renderApp(`/sign-in?challenge=${CHALLENGE}`);
    await settle(router, '/sign-in');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Use a passkey instead' }, { timeout: 10_000 });

    startAuthentication.mockResolvedValueOnce(ASSERTION);
    await user.click(button);
    expect(await screen.findByTestId('two-factor-passkey-notice')).toHaveTextContent(
      'This passkey is not one of this account’s or could not be verified. Try again or use a code.',
    );

    startAuthentication.mockRejectedValueOnce(Object.assign(new Error('dismissed'), { name: 'NotAllowedError' }));
    await user.click(screen.getByTestId('two-factor-passkey'));
    await waitFor(() =>
      expect(screen.getByTestId('two-factor-passkey-notice')).toHaveTextContent(
        'The passkey prompt was closed. Try again, or enter a code.',
      ),
    );
    expect(screen.getByTestId('two-factor-passkey-notice')).toHaveAttribute('role', 'status');

    startAuthentication.mockResolvedValueOnce(ASSERTION);
    await user.click(screen.getByTestId('two-factor-passkey'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 5000 });
    expect(callsTo(calls, '/v1/auth/2fa/passkey/options')).toEqual([
      { challenge_id: CHALLENGE },
      { challenge_id: CHALLENGE },
      { challenge_id: CHALLENGE },
    ]);
    expect(callsTo(calls, '/v1/auth/2fa/verify')).toEqual([
      { challenge_id: CHALLENGE, passkey: ASSERTION },
      { challenge_id: CHALLENGE, passkey: ASSERTION },
    ]);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(JSON.parse(window.localStorage.getItem('auth') ?? '{}')).toMatchObject({ isLoggedIn: true, accessToken: 'tok-pk' });
  }, 40_000);

  it('says so in place when the account has no passkey (409), in Arabic', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const message = 'لا يملك هذا الحساب مفتاح مرور. استخدم الرمز من تطبيق المصادقة أو رمز استرداد.';
    stubFetch((call) =>
      call.url.endsWith('/v1/auth/2fa/passkey/options')
        ? jsonResponse(409, { status: 'error', error_type: 'no_passkeys', message })
        : jsonResponse(200, success({ items: [], next_cursor: null })),
    );
    const { router } = await renderApp(`/ar/sign-in?challenge=${CHALLENGE}`);
    await settle(router, '/ar/sign-in');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'استخدم مفتاح مرور بدلًا من ذلك' }, { timeout: 10_000 }));
    expect(await screen.findByTestId('two-factor-passkey-notice')).toHaveTextContent(message);
    expect(startAuthentication).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/ar/sign-in');
  }, 40_000);
});

describe('settings → two-factor authentication', () => {
  // The page and the signed-in layout are lazy chunks: imported once here, so a cold import on a loaded machine
  // (seen: over settle()'s 5 s, 'the page never shows its heading' when this block runs alone) is not the
  // first render's cost. The router's lazy() then resolves these same modules.
  beforeAll(async () => {
    await Promise.all([import('../../routes/setting-two-factor'), import('../../app/layouts/pannel-layout')]);
  }, 120_000);

  it('counts the passkeys that can answer the second step and links to the passkeys page (en on, ar off and none)', async () => {
    let status = { totp_enabled: true, recovery_codes_left: 10, passkeys: 2 };
    stubFetch((call) =>
      call.url.endsWith('/v1/me/2fa') && call.method === 'GET'
        ? jsonResponse(200, success(status))
        : jsonResponse(200, success({ items: [], next_cursor: null })),
    );
    const session = { session: { accessToken: 't', userData: MEMBER, isLoggedIn: true } };
    const first = await renderApp('/setting/two-factor', session);
    await settle(first.router, '/setting/two-factor');
    const block = await screen.findByTestId('passkeys-second-factor', {}, { timeout: 10_000 });
    expect(block).toHaveTextContent('Passkeys that can confirm a sign-in instead of a code: 2');
    expect(within(block).queryByText(/Add a passkey/)).toBeNull();
    expect(within(block).getByRole('link', { name: 'Manage passkeys' })).toHaveAttribute('href', '/setting/passkeys');
    first.view.unmount();

    status = { totp_enabled: false, recovery_codes_left: 0, passkeys: 0 };
    const second = await renderApp('/ar/setting/two-factor', session);
    await settle(second.router, '/ar/setting/two-factor');
    const none = await screen.findByTestId('passkeys-second-factor', {}, { timeout: 10_000 });
    expect(none).toHaveTextContent(
      'بعد تفعيل هذه الميزة، يمكن لمفاتيح المرور أيضًا تأكيد تسجيل الدخول بدلًا من الرمز. عدد مفاتيح المرور: 0',
    );
    expect(none).toHaveTextContent('أضف مفتاح مرور لتأكيد تسجيل الدخول بقفل شاشة جهازك بدلًا من كتابة رمز.');
    expect(within(none).getByRole('link', { name: 'إدارة مفاتيح المرور' })).toHaveAttribute('href', '/ar/setting/passkeys');
  }, 60_000);

  it('enrols (key shown in groups), shows the ten codes once, then turns off after a confirmation with a code', async () => {
    let enabled = false;
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/v1/me/2fa') && call.method === 'GET') {
        return jsonResponse(200, success({ totp_enabled: enabled, recovery_codes_left: enabled ? 10 : 0, passkeys: 0 }));
      }
      if (call.url.endsWith('/v1/me/2fa/totp') && call.method === 'POST') {
        return jsonResponse(
          200,
          success({
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauth_url: 'otpauth://totp/Tribes:noor%40example.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Tribes',
          }),
        );
      }
      if (call.url.endsWith('/v1/me/2fa/totp/confirm')) {
        enabled = true;
        return jsonResponse(200, success({ recovery_codes: codes }, 'Two-factor authentication is on.'));
      }
      if (call.url.endsWith('/v1/me/2fa/totp') && call.method === 'DELETE') {
        enabled = false;
        return jsonResponse(200, success({}, 'Two-factor authentication is off.'));
      }
      return jsonResponse(200, success({ items: [], next_cursor: null }));
    });
    const { router } = await renderApp('/setting/two-factor', {
      session: { accessToken: 't', userData: MEMBER, isLoggedIn: true },
    });
    await settle(router, '/setting/two-factor');
    const user = userEvent.setup();
    expect(await screen.findByTestId('totp-status')).toHaveTextContent('Off');
    await user.click(screen.getByTestId('totp-start'));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('link', { name: 'Open in my authenticator app' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^otpauth:\/\/totp\/Tribes:/),
    );
    await fill(user, 'field-code', '444444');
    await user.click(screen.getByTestId('totp-confirm'));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(callsTo(calls, '/v1/me/2fa/totp/confirm')).toEqual([{ code: '444444' }]);
    await user.click(screen.getByTestId('recovery-done'));
    expect(await screen.findByTestId('totp-status')).toHaveTextContent('On');

    await user.click(screen.getByTestId('totp-disable'));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' });
    // Nothing leaves before the code passes its format check.
    await user.click(within(dialog).getByTestId('confirm-action'));
    await waitFor(() => expect(document.getElementById('field-code')).toHaveAttribute('aria-invalid', 'true'));
    expect(callsTo(calls, '/v1/me/2fa/totp', 'DELETE')).toEqual([]);
    await fill(user, 'field-code', '555555');
    await user.click(within(dialog).getByTestId('confirm-action'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, '/v1/me/2fa/totp', 'DELETE')).toEqual([{ code: '555555' }]);
    expect(await screen.findByTestId('totp-status')).toHaveTextContent('Off');
  }, 60_000);

  it('turns off with a recovery code instead of the app code (the toggle in the dialog)', async () => {
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/v1/me/2fa') && call.method === 'GET') {
        return jsonResponse(200, success({ totp_enabled: true, recovery_codes_left: 9, passkeys: 1 }));
      }
      if (call.url.endsWith('/v1/me/2fa/totp') && call.method === 'DELETE') {
        return jsonResponse(200, success({}, 'Two-factor authentication is off.'));
      }
      return jsonResponse(200, success({ items: [], next_cursor: null }));
    });
    const { router } = await renderApp('/setting/two-factor', {
      session: { accessToken: 't', userData: MEMBER, isLoggedIn: true },
    });
    await settle(router, '/setting/two-factor');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('totp-disable'));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' });
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    expect(document.getElementById('field-code')).toBeNull();
    await fill(user, 'field-recovery_code', ' abcde-12345 ');
    await user.click(within(dialog).getByTestId('confirm-action'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, '/v1/me/2fa/totp', 'DELETE')).toEqual([{ recovery_code: 'abcde-12345' }]);
  }, 60_000);

  it('makes new recovery codes after a confirmation, and shows them once', async () => {
    const fresh = Array.from({ length: 10 }, (_, i) => `newcd-${String(i).padStart(5, '0')}`);
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/v1/me/2fa') && call.method === 'GET') {
        return jsonResponse(200, success({ totp_enabled: true, recovery_codes_left: 2, passkeys: 0 }));
      }
      if (call.url.endsWith('/v1/me/2fa/recovery_codes') && call.method === 'POST') {
        return jsonResponse(200, success({ recovery_codes: fresh }, 'New recovery codes are ready.'));
      }
      return jsonResponse(200, success({ items: [], next_cursor: null }));
    });
    const { router } = await renderApp('/setting/two-factor', {
      session: { accessToken: 't', userData: MEMBER, isLoggedIn: true },
    });
    await settle(router, '/setting/two-factor');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('recovery-renew'));
    const dialog = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    const renewals = () => calls.filter((c) => c.url.endsWith('/v1/me/2fa/recovery_codes') && c.method === 'POST');
    expect(renewals()).toHaveLength(0);
    await user.click(within(dialog).getByTestId('confirm-action'));
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent(fresh[9]!);
    expect(renewals()).toHaveLength(1);
  }, 60_000);
});
