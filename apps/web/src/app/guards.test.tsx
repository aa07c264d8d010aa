import { DEFAULT_NOTIFICATION_SETTINGS, type User } from '@tribes/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_SESSION, type SessionState } from '../lib/session/session-store';
import { renderApp, settle } from '../test/render-app';
import { guardRedirect, type GuardKind } from './guards';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

function user(lastStep: User['profile']['last_step']): User {
  return {
    id: '6f1c1d1e-0000-4000-8000-000000000001',
    name: 'Noor',
    email: 'noor@example.test',
    email_verified: true,
    phone: null,
    avatar_url: null,
    bio: '',
    locale: 'en',
    role: lastStep === 'email-verified' ? null : 'member',
    created_at: '2026-01-01T00:00:00.000Z',
    profile: { last_step: lastStep, primary_tribe_id: null },
    privacy: { profile_visibility: 'public', show_on_map: true },
    settings: { notifications: DEFAULT_NOTIFICATION_SETTINGS, digest: 'off', quiet_hours: null, read_receipts: true },
  };
}

const signedIn = (lastStep: User['profile']['last_step']): SessionState => ({
  ...EMPTY_SESSION,
  accessToken: 'token',
  userData: user(lastStep),
  isLoggedIn: true,
});
const anonymous = EMPTY_SESSION;

describe('guardRedirect', () => {
  const cases: [string, GuardKind, SessionState, string | null][] = [
    ['anyone sees public pages', 'public', anonymous, null],
    ['a visitor sees sign-in', 'guest', anonymous, null],
    ['a new user leaves sign-in for role selection', 'guest', signedIn('email-verified'), '/role-selection'],
    ['a user with a role leaves sign-in for tribe selection', 'guest', signedIn('role-selection-completed'), '/tribe-selection'],
    ['an onboarded user leaves sign-in for home', 'guest', signedIn('tribe-selection-completed'), '/home'],
    ['verify-otp without a pending code goes to sign-up', 'verify-otp', anonymous, '/sign-up'],
    [
      'verify-otp with a pending code renders',
      'verify-otp',
      { ...anonymous, userSignUpData: { email: 'a@b.test', purpose: 'email-verification' } },
      null,
    ],
    [
      'reset-password without a verified code goes to forgot-password',
      'reset-password',
      { ...anonymous, userSignUpData: { email: 'a@b.test', purpose: 'forgot-password' } },
      '/forgot-password',
    ],
    [
      'reset-password after a verified code renders',
      'reset-password',
      { ...anonymous, resetPassword: true, userSignUpData: { email: 'a@b.test', purpose: 'forgot-password', resetToken: 'rt' } },
      null,
    ],
    ['role selection needs a signed-in user', 'role-selection', anonymous, '/sign-in'],
    ['role selection is the step after email verification', 'role-selection', signedIn('email-verified'), null],
    ['role selection is skipped once done', 'role-selection', signedIn('role-selection-completed'), '/tribe-selection'],
    ['tribe selection needs a role first', 'tribe-selection', signedIn('email-verified'), '/role-selection'],
    ['tribe selection follows role selection', 'tribe-selection', signedIn('role-selection-completed'), null],
    ['tribe selection is skipped once done', 'tribe-selection', signedIn('tribe-selection-completed'), '/home'],
    [
      'village registration comes after tribe selection',
      'register-village',
      signedIn('role-selection-completed'),
      '/tribe-selection',
    ],
    ['panel pages need a signed-in user', 'auth', anonymous, '/sign-in'],
    ['panel pages render for a signed-in user', 'auth', signedIn('email-verified'), null],
  ];
  it.each(cases)('%s', (_label, kind, session, expected) => {
    expect(guardRedirect(kind, session)).toBe(expected);
  });

  it('sends a user who signed in to give back to the campaign (issue 37.4), an invite still first', () => {
    window.sessionStorage.setItem('tribes.returnTo', '/tribes/campaign/donate/42');
    expect(guardRedirect('guest', signedIn('tribe-selection-completed'))).toBe('/tribes/campaign/donate/42');
    expect(guardRedirect('verify-otp', signedIn('email-verified'))).toBe('/tribes/campaign/donate/42');
    window.sessionStorage.setItem('tribes.pendingInvite', 'abc');
    expect(guardRedirect('guest', signedIn('tribe-selection-completed'))).toBe('/invite/abc');
    // Never another site, however the stored path was written.
    window.sessionStorage.clear();
    for (const bad of ['//evil.test/x', 'https://evil.test', '/\\evil.test']) {
      window.sessionStorage.setItem('tribes.returnTo', bad);
      expect(guardRedirect('guest', signedIn('tribe-selection-completed'))).toBe('/home');
    }
  });
});

describe('guards in the router', () => {
  it('sends a visitor from a panel page to /sign-in', async () => {
    const { router } = await renderApp('/setting/edit-profile');
    await settle(router, '/sign-in');
  });

  it('keeps the locale prefix when redirecting', async () => {
    const { router } = await renderApp('/fr/home');
    await settle(router, '/fr/sign-in');
  });

  it('sends a signed-in user from /sign-up to the next onboarding step', async () => {
    const { router } = await renderApp('/sign-up', {
      session: { accessToken: 't', userData: user('email-verified'), isLoggedIn: true },
    });
    await settle(router, '/role-selection');
    expect(document.querySelector('h1')).toHaveTextContent('Choose your role');
  });

  it('sends a user without a role from /tribe-selection to /role-selection', async () => {
    const { router } = await renderApp('/tribe-selection', {
      session: { accessToken: 't', userData: user('email-verified'), isLoggedIn: true },
    });
    await settle(router, '/role-selection');
  });

  it('renders a panel page with its layout for a signed-in user', async () => {
    // The server answers (here: no such campaign), so the page is not the offline notice.
    const notFound = { status: 'error', message: 'Not found.', error_type: 'not_found' };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(notFound, { status: 404 }));
    const { router } = await renderApp('/tribes/campaign/detail/42', {
      session: { accessToken: 't', userData: user('tribe-selection-completed'), isLoggedIn: true },
    });
    await settle(router, '/tribes/campaign/detail/42');
    expect(document.querySelector('[data-layout="pannel"]')).not.toBeNull();
    expect(document.querySelector('h1')).toHaveTextContent('Campaign');
  });

  it.each(['/tribes/campaign/detail/42', '/tribes/campaign/donate/42', '/ar/tribes/ledger/river'])(
    'opens %s to a signed-out visitor in the public shell, not a redirect to /sign-in (issue 37.4)',
    async (path) => {
      const { router } = await renderApp(path);
      await settle(router, path);
      expect(document.querySelector('[data-layout="visitor"]')).not.toBeNull();
      expect(document.querySelector('[data-layout="pannel"]')).toBeNull();
    },
  );

  it('forgets the page to come back to once a signed-in page shows', async () => {
    window.sessionStorage.setItem('tribes.returnTo', '/tribes/campaign/donate/42');
    const { router } = await renderApp('/tribes/campaign/donate/42', {
      session: { accessToken: 't', userData: user('tribe-selection-completed'), isLoggedIn: true },
    });
    await settle(router, '/tribes/campaign/donate/42');
    expect(document.querySelector('[data-layout="pannel"]')).not.toBeNull();
    expect(window.sessionStorage.getItem('tribes.returnTo')).toBeNull();
  });

  it('refuses /reset-password without a verified forgot-password code', async () => {
    const { router } = await renderApp('/reset-password');
    await settle(router, '/forgot-password');
    expect(document.querySelector('[data-layout="custom-footer-less"]')).not.toBeNull();
  });
});
