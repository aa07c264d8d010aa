import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { jsonResponse, MEMBER, queryWrapper, stubFetch, success } from '../../test/api-harness';
import { signIn } from '../../lib/session/session-store';
import { NotificationSwitches } from './components/notification-switches';

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderSwitches() {
  const { wrapper: Wrapper } = queryWrapper();
  return render(
    <Wrapper>
      <NotificationSwitches />
    </Wrapper>,
  );
}

describe('notification settings', () => {
  it('saves one channel of one type with PATCH /v1/me/settings as it is switched', async () => {
    signIn('tok', MEMBER);
    const calls = stubFetch(() => jsonResponse(200, success({ user: MEMBER })));
    renderSwitches();
    const user = userEvent.setup();
    const mail = screen.getByRole('switch', { name: 'Comments: Email' });
    expect(mail).not.toBeChecked();
    await user.click(mail);
    const patches = () => calls.filter((c) => c.method === 'PATCH');
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.url).toBe('/api/v1/me/settings');
    expect(JSON.parse(String(patches()[0]!.body))).toEqual({ notifications: { comments: { email: true } } });
    // The switches are read fresh from the server (a mail's unsubscribe link may have changed one).
    expect(calls.some((c) => c.method === 'GET' && c.url === '/api/v1/me')).toBe(true);
    expect(screen.getByRole('switch', { name: 'Mentions: In the app' })).toBeChecked();
  });

  it("names a leader's news under the switches that carry it (issue 37.8): join requests and new members, villages to review, gifts", async () => {
    signIn('tok', MEMBER);
    const calls = stubFetch(() => jsonResponse(200, success({ user: MEMBER })));
    renderSwitches();
    expect(screen.getByRole('switch', { name: 'Membership: Push' })).toHaveAccessibleDescription(
      /in tribes you lead or moderate, new requests to join and new members/,
    );
    expect(screen.getByRole('switch', { name: 'Villages: Email' })).toHaveAccessibleDescription(
      /in tribes you lead, villages waiting for your review/,
    );
    expect(screen.getByRole('switch', { name: 'Donations: In the app' })).toHaveAccessibleDescription(
      /in tribes you lead, gifts to the tribe and its campaigns/,
    );
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Membership: Email' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')!.body))).toEqual({
      notifications: { membership: { email: true } },
    });
  });

  it('explains and disables email for an account without a verified address', () => {
    signIn('tok', { ...MEMBER, email: null, email_verified: false });
    stubFetch(() => jsonResponse(200, success({ user: MEMBER })));
    renderSwitches();
    expect(screen.getByTestId('notify-no-email')).toHaveTextContent('Add and confirm an email address');
    expect(screen.getByRole('switch', { name: 'Likes: Email' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Likes: In the app' })).toBeEnabled();
  });

  it("sends quiet hours and shows the server's message on the time zone field", async () => {
    signIn('tok', MEMBER);
    const calls = stubFetch(() =>
      jsonResponse(400, {
        status: 'error',
        message: 'The given data was invalid.',
        error_type: 'validation_error',
        errors: { 'quiet_hours.tz': ['This time zone is not known. Choose one from the list.'] },
      }),
    );
    renderSwitches();
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Use quiet hours' }));
    const tz = screen.getByLabelText('Time zone');
    await user.clear(tz);
    await user.type(tz, 'Mars/Olympus');
    await user.click(screen.getByTestId('quiet-save'));
    await waitFor(() => expect(tz).toHaveAccessibleDescription('This time zone is not known. Choose one from the list.'));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')!.body))).toEqual({
      quiet_hours: { from: '22:00', to: '07:00', tz: 'Mars/Olympus' },
    });
  });

  it("turns the weekly digest on and previews this week's digest in a sandboxed frame", async () => {
    signIn('tok', MEMBER);
    const calls = stubFetch((call) =>
      call.url.endsWith('/v1/me/digest/preview')
        ? jsonResponse(
            200,
            success({ subject: 'Your week in Tribes', html: '<p>Week of Atlas Weavers</p>', text: '', empty: false }),
          )
        : jsonResponse(200, success({ user: MEMBER })),
    );
    renderSwitches();
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Send me the weekly digest' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')!.body))).toEqual({ digest: 'weekly' });
    await user.click(screen.getByTestId('digest-preview'));
    const frame = await screen.findByTestId('digest-preview-frame');
    expect(frame).toHaveAttribute('srcdoc', '<p>Week of Atlas Weavers</p>');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Your week in Tribes');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /api/v1/me/digest/preview');
  });
});
