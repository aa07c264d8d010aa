import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, MEMBER } from '../../test/api-harness';
import { renderApp, settle } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  window.localStorage.clear();
});

/** A JSON answer with the Retry-After the limited login names. */
const respond = (status: number, body: object) => jsonResponse(status, body, { 'retry-after': '3000' });

/** The API as the sign-in flows see it: login limited (429), codes sent and verified. */
function stubApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/v1/auth/login')) {
      return respond(429, { status: 'error', message: 'Too many requests. Please try again in 3000 seconds.' });
    }
    if (url.endsWith('/v1/auth/email/otp/send')) return respond(200, { status: 'success', message: 'Code sent.', data: {} });
    if (url.endsWith('/v1/auth/email/otp/verify')) {
      return respond(200, { status: 'success', message: 'Signed in successfully.', data: { auth_token: 'tok', user: MEMBER } });
    }
    return respond(200, { status: 'success', message: '', data: { items: [], next_cursor: null } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const bodiesOf = (path: string) =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith(path))
      .map(([, init]) => JSON.parse(String(init?.body)) as object);
  return { fetchMock, bodiesOf };
}

/** Types a value at once (pasted): keystroke by keystroke is slow under MUI and adds nothing here. */
async function fill(user: ReturnType<typeof userEvent.setup>, id: string, value: string) {
  await user.click(document.getElementById(id)!);
  await user.paste(value);
}

describe('sign-in by emailed code', () => {
  it('offers the code path when password sign-in answers 429, and signs in with the mailed code', async () => {
    const api = stubApi();
    const { router } = await renderApp('/sign-in');
    await settle(router, '/sign-in');
    const user = userEvent.setup();
    await fill(user, 'field-email', 'noor@example.test');
    await fill(user, 'field-password', 'a long enough passphrase');
    await user.click(screen.getByTestId('sign-in-submit'));
    expect(await screen.findByTestId('sign-in-limited')).toHaveTextContent(
      'You can still sign in with a code sent to your email.',
    );

    await user.click(screen.getByTestId('sign-in-code'));
    await settle(router, '/verify-otp');
    expect(api.bodiesOf('/v1/auth/email/otp/send')).toEqual([{ email: 'noor@example.test', purpose: 'login' }]);
    expect(await screen.findByTestId('verify-submit', {}, { timeout: 10_000 })).toHaveTextContent('Sign in');

    await fill(user, 'field-code', '123456');
    await user.click(screen.getByTestId('verify-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 5000 });
    expect(api.bodiesOf('/v1/auth/email/otp/verify')).toEqual([{ email: 'noor@example.test', code: '123456', purpose: 'login' }]);
    expect(JSON.parse(window.localStorage.getItem('auth') ?? '{}')).toMatchObject({ isLoggedIn: true, accessToken: 'tok' });
  }, 40_000);

  it('goes back to an invite opened while signed out, as a password sign-in does', async () => {
    stubApi();
    window.sessionStorage.setItem('tribes.pendingInvite', 'k7Hq2vXz9aBc');
    try {
      const { router } = await renderApp('/sign-in');
      await settle(router, '/sign-in');
      const user = userEvent.setup();
      await fill(user, 'field-email', 'noor@example.test');
      await user.click(screen.getByTestId('sign-in-code'));
      await settle(router, '/verify-otp');
      const submit = await screen.findByTestId('verify-submit', {}, { timeout: 10_000 });
      await fill(user, 'field-code', '123456');
      await user.click(submit);
      await waitFor(() => expect(router.state.location.pathname).toBe('/invite/k7Hq2vXz9aBc'), { timeout: 5000 });
    } finally {
      window.sessionStorage.clear();
    }
  }, 40_000);

  it('asks for a valid email before sending a code', async () => {
    const api = stubApi();
    const { router } = await renderApp('/fr/sign-in');
    await settle(router, '/fr/sign-in');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('sign-in-code'));
    await waitFor(() => expect(document.getElementById('field-email')).toHaveAttribute('aria-invalid', 'true'));
    expect(api.bodiesOf('/v1/auth/email/otp/send')).toEqual([]);
    expect(screen.getByTestId('sign-in-code')).toHaveTextContent('Recevoir un code de connexion par e-mail');
  });
});
