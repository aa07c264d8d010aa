import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Identity, ReauthStatus } from '@tribes/shared';
import { jsonResponse, MEMBER } from '../../test/api-harness';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const SIGNED_IN = { accessToken: 'tok', userData: MEMBER, isLoggedIn: true };
const PASSWORD: Identity = {
  id: 'password',
  kind: 'password',
  provider: null,
  name: null,
  email: null,
  phone: null,
  created_at: null,
  last_used_at: null,
};
const EMAIL: Identity = { ...PASSWORD, id: 'email', kind: 'email', email: 'noor@example.test' };
const STALE = {
  status: 'error',
  message: 'For your security, confirm it’s you before this change.',
  error_type: 'reauthentication_required',
};
const WRONG = {
  status: 'error',
  error_type: 'validation_error',
  message: 'Validation failed.',
  errors: { password: ['The current password is incorrect.'] },
};

/**
 * The API of /setting/sign-in-methods with a stale session: removing a method first answers
 * reauthentication_required; POST /v1/me/reauth takes the right password (and, with two-factor, a code).
 */
function stubApi(status: Omit<ReauthStatus, 'fresh' | 'fresh_until'>) {
  let fresh = false;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
    if (url.endsWith('/v1/auth/providers'))
      return jsonResponse(200, { status: 'success', message: '', data: { firebase: null, oidc: [], passkeys: true } });
    if (url.endsWith('/v1/me/identities'))
      return jsonResponse(200, { status: 'success', message: '', data: { identities: [PASSWORD, EMAIL] } });
    if (url.endsWith('/v1/me/reauth') && method === 'GET')
      return jsonResponse(200, { status: 'success', message: '', data: { ...status, fresh, fresh_until: null } });
    if (url.endsWith('/v1/me/reauth') && method === 'POST') {
      if (body.password !== 'right password') return jsonResponse(400, WRONG);
      if (status.two_factor && !body.code)
        return jsonResponse(403, {
          status: 'error',
          message: 'Enter the code from your authenticator app to confirm.',
          error_type: 'two_factor_required',
        });
      fresh = true;
      return jsonResponse(200, { status: 'success', message: 'Thanks.', data: { fresh_until: new Date().toISOString() } });
    }
    if (url.includes('/v1/me/identities/') && method === 'DELETE') {
      if (!fresh) return jsonResponse(403, STALE);
      return jsonResponse(200, { status: 'success', message: 'That sign-in method was removed.', data: {} });
    }
    return jsonResponse(200, { status: 'success', message: '', data: {} });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const deletes = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([u]) => String(u));

async function removeAMethod() {
  const { router } = await renderApp('/setting/sign-in-methods', { session: SIGNED_IN });
  await waitFor(() => expect(router.state.location.pathname).toBe('/setting/sign-in-methods'), { timeout: 20_000 });
  const user = userEvent.setup();
  const remove = await screen.findAllByTestId('remove-method', {}, { timeout: 20_000 });
  await user.click(remove[remove.length - 1]!);
  await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-action'));
  return user;
}

describe('"Confirm it\'s you" (sudo mode, DESIGN 11.7)', () => {
  it('asks inline for the password when the act is refused, shows a wrong one on its field, then the act goes on', async () => {
    const fetchMock = stubApi({ methods: ['password', 'email_code'], two_factor: false, email: 'no***@example.test' });
    const user = await removeAMethod();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' }, { timeout: 20_000 });
    const password = await within(dialog).findByLabelText(/^Password/);
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    await user.click(within(dialog).getByTestId('reauth-confirm'));
    expect(within(dialog).getByText('Enter this to continue.')).toBeInTheDocument();
    await user.type(password, 'wrong password');
    await user.click(within(dialog).getByTestId('reauth-confirm'));
    expect(await within(dialog).findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(deletes(fetchMock)).toHaveLength(1);

    await user.clear(password);
    await user.type(password, 'right password');
    await user.click(within(dialog).getByTestId('reauth-confirm'));
    // Confirmed: the refused removal is sent once more, by itself, and succeeds.
    await waitFor(() => expect(deletes(fetchMock)).toHaveLength(2));
    expect(deletes(fetchMock)[1]).toBe(deletes(fetchMock)[0]);
    expect(await screen.findByText('That sign-in method was removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull());
  }, 60_000);

  it('with two-factor on, asks for the app code beside the password', async () => {
    const fetchMock = stubApi({ methods: ['password'], two_factor: true, email: null });
    const user = await removeAMethod();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' }, { timeout: 20_000 });
    await user.type(await within(dialog).findByLabelText(/^Password/), 'right password');
    const code = within(dialog).getByLabelText(/^Code from your authenticator app/);
    expect(code).toHaveAttribute('dir', 'ltr');
    await user.type(code, '123456');
    await user.click(within(dialog).getByTestId('reauth-confirm'));
    await waitFor(() => expect(deletes(fetchMock)).toHaveLength(2));
    const reauth = fetchMock.mock.calls.find(([u, init]) => String(u).endsWith('/v1/me/reauth') && init?.method === 'POST');
    expect(JSON.parse(String(reauth?.[1]?.body))).toEqual({ password: 'right password', code: '123456' });
  }, 60_000);

  it('dismissed, the act ends quietly and nothing is sent again', async () => {
    const fetchMock = stubApi({ methods: ['password'], two_factor: false, email: null });
    const user = await removeAMethod();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' }, { timeout: 20_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull());
    expect(deletes(fetchMock)).toHaveLength(1);
  }, 60_000);
});
