import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthProviders, Identity } from '@tribes/shared';
import { jsonResponse, MEMBER } from '../../test/api-harness';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  window.localStorage.clear();
});

const FIREBASE: NonNullable<AuthProviders['firebase']> = {
  api_key: 'emulator-api-key',
  auth_domain: 'demo-tribes.firebaseapp.com',
  project_id: 'demo-tribes',
  providers: ['google', 'phone'],
  emulator_host: '127.0.0.1:9099',
};

const identity = (over: Partial<Identity>): Identity => ({
  id: 'password',
  kind: 'password',
  provider: null,
  name: null,
  email: null,
  phone: null,
  created_at: null,
  last_used_at: null,
  ...over,
});

/** The API as these pages see it: the providers, the identities, and a refused removal (409). */
function stubApi(firebase: AuthProviders['firebase'], identities: Identity[], oidc: AuthProviders['oidc'] = []) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/v1/auth/providers'))
      return jsonResponse(200, { status: 'success', message: '', data: { firebase, oidc, passkeys: true } });
    if (url.includes('/v1/me/identities/oidc/') && init?.method === 'POST')
      return jsonResponse(200, { status: 'success', message: '', data: { url: 'http://issuer.test/authorize?x=1' } });
    if (url.endsWith('/v1/me/identities') && (init?.method ?? 'GET') === 'GET')
      return jsonResponse(200, { status: 'success', message: '', data: { identities } });
    if (url.includes('/v1/me/identities/') && init?.method === 'DELETE')
      return jsonResponse(409, {
        status: 'error',
        message: 'This is your last way to sign in.',
        error_type: 'identity.last_method',
      });
    return jsonResponse(200, { status: 'success', message: '', data: {} });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const SIGNED_IN = { accessToken: 'tok', userData: MEMBER, isLoggedIn: true };

describe('Firebase sign-in buttons', () => {
  it('shows one button per configured provider on /sign-in', async () => {
    stubApi(FIREBASE, []);
    const { router } = await renderApp('/sign-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'), { timeout: 20_000 });
    const group = await screen.findByRole('group', { name: 'More ways to sign in' }, { timeout: 20_000 });
    expect(within(group).getByTestId('firebase-google')).toHaveTextContent('Continue with Google');
    expect(within(group).getByTestId('firebase-phone')).toHaveTextContent('Continue with a phone number');
    expect(within(group).queryByTestId('firebase-apple')).toBeNull();
  }, 60_000);

  it('opens the phone dialog and refuses a number that is not E.164 before asking anyone', async () => {
    const fetchMock = stubApi(FIREBASE, []);
    const { router } = await renderApp('/sign-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'), { timeout: 20_000 });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('firebase-phone', {}, { timeout: 20_000 }));
    const field = await screen.findByTestId('phone-number');
    expect(field).toHaveAttribute('dir', 'ltr');
    await user.type(field, '0612');
    await user.click(screen.getByTestId('phone-submit'));
    expect(await screen.findByText(/This phone number is not valid/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('identitytoolkit'))).toEqual([]);
  }, 60_000);

  it('shows nothing when Firebase is not configured', async () => {
    stubApi(null, []);
    const { router } = await renderApp('/sign-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'), { timeout: 20_000 });
    await waitFor(() => expect(screen.getByTestId('other-sign-in')).toBeInTheDocument(), { timeout: 20_000 });
    expect(screen.queryByTestId('firebase-sign-in')).toBeNull();
  }, 60_000);
});

describe('/setting/sign-in-methods', () => {
  it('lists the methods; the last one cannot be removed, and says why', async () => {
    stubApi(FIREBASE, [identity({ id: 'f1', kind: 'firebase', provider: 'phone', phone: '+212612345678' })]);
    const { router } = await renderApp('/setting/sign-in-methods', { session: SIGNED_IN });
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/sign-in-methods'), { timeout: 20_000 });
    const row = await screen.findByTestId('method-firebase', {}, { timeout: 20_000 });
    expect(row).toHaveTextContent('Phone number');
    expect(row).toHaveTextContent('+212612345678');
    expect(within(row).getByTestId('remove-method')).toBeDisabled();
    expect(screen.getByTestId('last-method-note')).toHaveTextContent('This is your only way to sign in');
    // Google is configured and not linked yet: offered; the phone is linked already: not offered again.
    expect(screen.getByTestId('firebase-google')).toHaveTextContent('Link Google');
    expect(screen.queryByTestId('firebase-phone')).toBeNull();
  }, 60_000);

  it("asks before removing, and shows the server's 409 in the dialog", async () => {
    const fetchMock = stubApi(FIREBASE, [
      identity({}),
      identity({ id: 'f2', kind: 'firebase', provider: 'google.com', email: 'noor@example.test' }),
    ]);
    const { router } = await renderApp('/setting/sign-in-methods', { session: SIGNED_IN });
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/sign-in-methods'), { timeout: 20_000 });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Google' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with Google.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByTestId('confirm-action'));
    expect(await within(dialog).findByTestId('remove-error')).toHaveTextContent('This is your last way to sign in.');
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([u]) => String(u));
    expect(deletes).toEqual([expect.stringMatching(/\/v1\/me\/identities\/f2$/)]);
  }, 60_000);

  it('offers the OpenID Connect issuers not linked yet, starts linking one, and reports the round trip', async () => {
    const oidc = [
      { id: 'keycloak', name: 'Keycloak' },
      { id: 'gov', name: 'GovID' },
    ];
    const fetchMock = stubApi(null, [identity({}), identity({ id: 'o1', kind: 'oidc', provider: 'gov', name: 'GovID' })], oidc);
    const { router } = await renderApp('/setting/sign-in-methods?linked=gov', { session: SIGNED_IN });
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/sign-in-methods'), { timeout: 20_000 });
    expect(await screen.findByTestId('oidc-linked', {}, { timeout: 20_000 })).toHaveTextContent(
      'GovID is now linked to your account.',
    );
    const button = await screen.findByTestId('link-oidc-keycloak');
    expect(button).toHaveTextContent('Link Keycloak');
    // GovID is linked already: not offered again.
    expect(screen.queryByTestId('link-oidc-gov')).toBeNull();
    await userEvent.setup().click(button);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) => String(u).endsWith('/v1/me/identities/oidc/keycloak/start') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/v1/me/identities/oidc/keycloak/start'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ return_to: '/setting/sign-in-methods' });
  }, 60_000);

  it("shows why linking failed when the issuer's round trip came back with an error", async () => {
    stubApi(null, [identity({})], [{ id: 'keycloak', name: 'Keycloak' }]);
    await renderApp('/setting/sign-in-methods?error=oidc_linked_elsewhere', { session: SIGNED_IN });
    expect(await screen.findByTestId('oidc-link-error', {}, { timeout: 20_000 })).toHaveTextContent(
      'already linked to another Tribes account',
    );
  }, 60_000);
});
