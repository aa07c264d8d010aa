import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, MEMBER } from '../../test/api-harness';
import { renderApp, settle } from '../../test/render-app';

/** The browser side of WebAuthn, replaced: the test decides whether the user completes the prompt. */
const startAuthentication = vi.fn();
const loaded = vi.fn();
vi.mock('@simplewebauthn/browser', () => {
  loaded();
  return { startAuthentication, startRegistration: vi.fn() };
});

afterEach(() => {
  vi.unstubAllGlobals();
  startAuthentication.mockReset();
  window.localStorage.clear();
});

const OPTIONS = { options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] }, challenge_id: 'c1' };
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'YQ' },
};

function stubApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/v1/auth/passkeys/options')) return jsonResponse(200, { status: 'success', message: '', data: OPTIONS });
    if (url.endsWith('/v1/auth/passkeys/verify')) {
      return jsonResponse(200, { status: 'success', message: 'Signed in.', data: { auth_token: 'tok', user: MEMBER } });
    }
    return jsonResponse(200, { status: 'success', message: '', data: { items: [], next_cursor: null } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('sign in with a passkey', () => {
  it('loads the WebAuthn library only on click, then stores the session like a login', async () => {
    const fetchMock = stubApi();
    startAuthentication.mockResolvedValue(ASSERTION);
    const { router } = await renderApp('/sign-in');
    await settle(router, '/sign-in');
    expect(loaded).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByTestId('passkey-sign-in'));
    await waitFor(
      () =>
        expect(JSON.parse(window.localStorage.getItem('auth') ?? '{}')).toMatchObject({ isLoggedIn: true, accessToken: 'tok' }),
      { timeout: 20_000 },
    );
    expect(loaded).toHaveBeenCalled();
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS.options });
    const verify = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/v1/auth/passkeys/verify'))!;
    expect(JSON.parse(String((verify[1] as RequestInit).body))).toMatchObject({ response: ASSERTION, challenge_id: 'c1' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/sign-in'));
  }, 60_000);

  it('answers a dismissed prompt (NotAllowedError) with a calm status, and no session', async () => {
    const fetchMock = stubApi();
    startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    const { router } = await renderApp('/sign-in');
    await settle(router, '/sign-in');
    await userEvent.setup().click(screen.getByTestId('passkey-sign-in'));
    const notice = await screen.findByTestId('passkey-sign-in-notice', {}, { timeout: 20_000 });
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('Passkey sign-in was cancelled.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/v1/auth/passkeys/verify'))).toBe(false);
    expect(window.localStorage.getItem('auth') ?? '').not.toContain('"tok"');
  }, 60_000);
});
