import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, MEMBER, stubFetch, success, type FetchCall } from '../../test/api-harness';
import { renderApp, settle } from '../../test/render-app';
import { readCompletion } from './use-oidc-complete';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  window.localStorage.clear();
});

const NEWCOMER = { ...MEMBER, id: '6f1c1d1e-0000-4000-8000-000000000009', profile: { last_step: null, primary_tribe_id: null } };

/** The API as these pages see it: /v1/me answers `user` for the token `good`, 401 otherwise; the providers list. */
function stubApi(user = MEMBER) {
  return stubFetch(
    (call: FetchCall) => {
      if (call.url.endsWith('/v1/me')) {
        return call.headers?.Authorization === 'Bearer good'
          ? jsonResponse(200, success({ user }))
          : jsonResponse(401, { status: 'error', message: 'Unauthorized.' });
      }
      if (call.url.endsWith('/v1/auth/providers'))
        return jsonResponse(200, success({ firebase: null, oidc: [{ id: 'acme', name: 'Acme ID' }], passkeys: true }));
      return jsonResponse(200, success({ items: [], next_cursor: null }));
    },
    { headers: true },
  );
}

const stored = () => JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { accessToken?: string; isLoggedIn?: boolean };

describe('/sign-in/complete', () => {
  it('reads the token and a same-site return_to from the fragment only', () => {
    expect(readCompletion('#token=abc&return_to=%2Ftribes%2Fx')).toEqual({ token: 'abc', returnTo: '/tribes/x' });
    expect(readCompletion('#token=abc&return_to=%2F%2Fevil.example')).toEqual({ token: 'abc', returnTo: null });
    expect(readCompletion('#token=abc&return_to=https%3A%2F%2Fevil.example')).toEqual({ token: 'abc', returnTo: null });
    expect(readCompletion('')).toEqual({ token: null, returnTo: null });
  });

  it('stores the session, wipes the token from the address bar and goes to the page it started from', async () => {
    const calls = stubApi();
    const { router } = await renderApp('/sign-in/complete#token=good&return_to=%2Ftribes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tribes'), { timeout: 10_000 });
    expect(window.location.hash).toBe('');
    expect(stored()).toMatchObject({ accessToken: 'good', isLoggedIn: true });
    expect(calls.filter((c) => c.url.endsWith('/v1/me')).map((c) => c.headers?.Authorization)).toEqual(['Bearer good']);
  }, 30_000);

  it('sends a new account on to onboarding, whatever return_to says', async () => {
    stubApi(NEWCOMER);
    const { router } = await renderApp('/fr/sign-in/complete#token=good&return_to=%2Ftribes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/role-selection'), { timeout: 10_000 });
    expect(stored()).toMatchObject({ accessToken: 'good', isLoggedIn: true });
  }, 30_000);

  it('says so when the token is missing or refused, with a way back to sign in', async () => {
    stubApi();
    const { router } = await renderApp('/sign-in/complete#token=stale');
    await settle(router, '/sign-in/complete');
    expect(await screen.findByTestId('oidc-complete-error')).toHaveTextContent('We could not finish signing you in.');
    expect(stored().isLoggedIn).toBeFalsy();
    expect(window.location.hash).toBe('');
  }, 30_000);

  it('explains an incomplete link in Arabic', async () => {
    stubApi();
    const { router } = await renderApp('/ar/sign-in/complete');
    await settle(router, '/ar/sign-in/complete');
    expect(await screen.findByTestId('oidc-complete-error')).toHaveTextContent('رابط تسجيل الدخول هذا غير مكتمل');
  }, 30_000);
});

describe('/sign-in with OpenID Connect', () => {
  it('offers a link per issuer to the server start URL, with return_to carried along', async () => {
    stubApi();
    const { router } = await renderApp('/sign-in?return_to=%2Ftribes');
    await settle(router, '/sign-in');
    const link = await screen.findByTestId('oidc-acme');
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/api/v1/auth/oidc/acme/start?return_to=%2Ftribes');
    expect(link).toHaveTextContent('Continue with Acme ID');
  }, 30_000);

  it('shows why the last attempt failed, in the visitor’s language', async () => {
    stubApi();
    const { router } = await renderApp('/es/sign-in?error=oidc_denied');
    await settle(router, '/es/sign-in');
    expect(await screen.findByTestId('oidc-error')).toHaveTextContent('El inicio de sesión se canceló en el proveedor.');
  }, 30_000);

  it('ignores an error code it does not know', async () => {
    stubApi();
    const { router } = await renderApp('/sign-in?error=<b>x</b>');
    await settle(router, '/sign-in');
    await screen.findByTestId('oidc-acme');
    expect(screen.queryByTestId('oidc-error')).toBeNull();
  }, 30_000);
});
