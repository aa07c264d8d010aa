import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, success } from '../../test/api-harness';
import { renderApp, settle } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  window.localStorage.clear();
});

const POLICY = {
  schema_version: 1,
  enforcement: 'ENFORCE',
  min_length: 8,
  max_length: 64,
  require_lowercase: false,
  require_uppercase: false,
  require_numeric: false,
  require_non_alphanumeric: false,
};

/** The API the password forms see: the policy, and a reset that succeeds. */
function stubApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/v1/password_policy')) return jsonResponse(200, success(POLICY));
    if (url.endsWith('/v1/reset_password')) return jsonResponse(200, success({}, 'Your password has been reset.'));
    return jsonResponse(200, success({ items: [], next_cursor: null }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Types a value at once (pasted): keystroke by keystroke is slow under MUI and adds nothing here. */
async function fill(user: ReturnType<typeof userEvent.setup>, id: string, value: string) {
  await user.click(document.getElementById(id)!);
  await user.paste(value);
}

describe('password forms', () => {
  it('after a successful reset stays on /sign-in (the emptied reset state does not send it to /forgot-password)', async () => {
    const fetchMock = stubApi();
    const { router } = await renderApp('/reset-password', {
      session: {
        userSignUpData: { email: 'noor@example.test', purpose: 'forgot-password', resetToken: 'reset-token' },
        resetPassword: true,
      },
    });
    await settle(router, '/reset-password');
    const user = userEvent.setup();
    await fill(user, 'field-password', 'a long enough passphrase');
    await fill(user, 'field-password_confirmation', 'a long enough passphrase');
    await user.click(screen.getByTestId('reset-submit'));
    await settle(router, '/sign-in');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/v1/reset_password'))).toBe(true);
    // The sign-in page rendered, and the guard of /reset-password did not move on from it after.
    await screen.findByTestId('sign-in-submit', {}, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(JSON.parse(window.localStorage.getItem('auth') ?? '{}')).toMatchObject({ userSignUpData: null, resetPassword: false });
  }, 60_000);

  it("sign-up holds the policy checklist's line while the policy loads (the fields below do not move when it comes)", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/v1/password_policy')) {
          await answered;
          return jsonResponse(200, success(POLICY));
        }
        return jsonResponse(200, success({ items: [], next_cursor: null }));
      }),
    );
    const { router } = await renderApp('/sign-up');
    await settle(router, '/sign-up');
    expect(await screen.findByTestId('password-rules-loading', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /password/i })).toBeNull();
    answer();
    await screen.findByRole('list', { name: /password/i }, { timeout: 10_000 });
    expect(screen.queryByTestId('password-rules-loading')).toBeNull();
  }, 60_000);

  it('sign-up says a too-short password once (the checklist line, not again under the field)', async () => {
    stubApi();
    const { router } = await renderApp('/sign-up');
    await settle(router, '/sign-up');
    const user = userEvent.setup();
    await screen.findByRole('list', { name: /password/i }, { timeout: 10_000 });
    await fill(user, 'field-name', 'Noor');
    await fill(user, 'field-email', 'noor@example.test');
    await fill(user, 'field-password', 'short');
    await fill(user, 'field-password_confirmation', 'short');
    await user.click(screen.getByTestId('sign-up-submit'));
    const input = document.getElementById('field-password')!;
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'), { timeout: 10_000 });
    const message = 'Must be at least 8 characters.';
    expect(document.body.textContent?.split(message).length).toBe(2);
    // The field still points to the rule it breaks.
    expect(input.getAttribute('aria-describedby') ?? '').toContain('password-rules');
  }, 60_000);
});
