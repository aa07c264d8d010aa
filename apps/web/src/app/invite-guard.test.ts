import type { User } from '@tribes/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_SESSION, type SessionState } from '../lib/session/session-store';
import { rememberInvite } from '../lib/session/pending-invite';
import { guardRedirect } from './guards';

afterEach(() => window.sessionStorage.clear());

const session = (lastStep: User['profile']['last_step']): SessionState => ({
  ...EMPTY_SESSION,
  accessToken: 'token',
  isLoggedIn: true,
  userData: { profile: { last_step: lastStep, primary_tribe_id: null } } as User,
});

describe('the guest guard and a waiting invite', () => {
  // /sign-in's guard moves a visitor on as soon as they are signed in, racing the form's own navigation:
  // both must go back to the invite opened while signed out, or the visitor lands on onboarding instead.
  it('sends a visitor who just signed in back to the invite, onboarded or not', () => {
    rememberInvite('abc123');
    expect(guardRedirect('guest', session('role-selection-completed'))).toBe('/invite/abc123');
    expect(guardRedirect('guest', session('tribe-selection-completed'))).toBe('/invite/abc123');
  });

  it('does the same on /verify-otp, where a sign-in by emailed code ends', () => {
    rememberInvite('abc123');
    expect(guardRedirect('verify-otp', session('tribe-selection-completed'))).toBe('/invite/abc123');
    window.sessionStorage.clear();
    expect(guardRedirect('verify-otp', session('tribe-selection-completed'))).toBe('/home');
  });

  it('goes on as before without one, and leaves signed-out visitors on the guest page', () => {
    expect(guardRedirect('guest', session('role-selection-completed'))).toBe('/tribe-selection');
    expect(guardRedirect('guest', session('tribe-selection-completed'))).toBe('/home');
    rememberInvite('abc123');
    expect(guardRedirect('guest', EMPTY_SESSION)).toBeNull();
  });
});
