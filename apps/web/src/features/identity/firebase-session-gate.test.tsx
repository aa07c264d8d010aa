import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_SESSION, sessionStore } from '../../lib/session/session-store';
import { markFirebaseSession } from '../../lib/session/firebase-session-flag';
import { FirebaseSessionGate } from './firebase-session-gate';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./firebase-session-watch', () => {
  loaded.count += 1;
  return { FirebaseSessionWatch: () => <span data-testid="watch" /> };
});

afterEach(() => {
  sessionStore.set(EMPTY_SESSION);
  markFirebaseSession(false);
});

const signedIn = () => sessionStore.set({ ...EMPTY_SESSION, accessToken: 'token', isLoggedIn: true });

describe('FirebaseSessionGate', () => {
  it('loads nothing for a session that was not made from a Firebase user', async () => {
    signedIn();
    render(<FirebaseSessionGate />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('watch')).toBeNull();
    expect(loaded.count).toBe(0);
  });

  it('mounts the watch for a signed-in Firebase session, and not once signed out', async () => {
    markFirebaseSession(true);
    render(<FirebaseSessionGate />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('watch')).toBeNull();
    act(() => signedIn());
    expect(await screen.findByTestId('watch')).toBeInTheDocument();
    expect(loaded.count).toBe(1);
    act(() => sessionStore.set(EMPTY_SESSION));
    expect(screen.queryByTestId('watch')).toBeNull();
  });
});
