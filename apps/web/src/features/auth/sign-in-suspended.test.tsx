import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/api-harness';
import { renderApp, settle } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The API of a suspended account: every password sign-in answers 403 account_suspended with its reason and end. */
function stubSuspended(until: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/v1/auth/login')) {
        return jsonResponse(403, {
          status: 'error',
          message: 'This account is suspended.',
          error_type: 'account_suspended',
          data: { reason: 'Spam in twenty tribes', until },
        });
      }
      return jsonResponse(200, { status: 'success', message: '', data: { items: [], next_cursor: null } });
    }),
  );
}

async function signIn(path: string) {
  const { router } = await renderApp(path);
  await settle(router, path);
  const user = userEvent.setup();
  for (const [id, value] of [
    ['field-email', 'noor@example.test'],
    ['field-password', 'a long enough passphrase'],
  ] as const) {
    await user.click(document.getElementById(id)!);
    await user.paste(value);
  }
  await user.click(screen.getByTestId('sign-in-submit'));
  return screen.findByTestId('sign-in-suspended');
}

describe('sign-in of a suspended account', () => {
  it('shows the reason and the end the server sent', async () => {
    stubSuspended('2026-12-05T10:00:00.000Z');
    const alert = await signIn('/sign-in');
    expect(alert).toHaveTextContent('Reason: “Spam in twenty tribes”');
    expect(alert).toHaveTextContent(/The suspension ends on December \d+, 2026/);
  });

  it('says a suspension without an end lasts until lifted, in Arabic too', async () => {
    stubSuspended(null);
    const alert = await signIn('/ar/sign-in');
    expect(alert).toHaveTextContent('«Spam in twenty tribes»');
    expect(alert).toHaveTextContent('يستمر التعليق حتى يرفعه المشرفون.');
  });
});
