import type { User } from '@tribes/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, sessionStore, setUser, signIn } from './session-store';

const user = { id: 'u1', name: 'Amina', email: 'amina@example.org' } as unknown as User;

afterEach(() => clearSession());

describe('setUser', () => {
  it('keeps the session object when the same user comes back (nothing re-renders)', () => {
    signIn('token', user);
    const before = sessionStore.get();
    setUser({ ...user });
    expect(sessionStore.get()).toBe(before);
  });

  it('replaces the user when anything changed', () => {
    signIn('token', user);
    setUser({ ...user, name: 'Amina B.' });
    expect(sessionStore.get().userData?.name).toBe('Amina B.');
    expect(sessionStore.get().accessToken).toBe('token');
  });

  it('does nothing when signed out', () => {
    setUser(user);
    expect(sessionStore.get().userData).toBeNull();
  });
});
