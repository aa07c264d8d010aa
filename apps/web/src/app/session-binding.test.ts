import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribes/shared';
import { clearSession, sessionStore, signIn } from '../lib/session/session-store';
import { api, bindApiSession } from './api';
import { bindSessionToApi } from './session-binding';

const user = { id: 'u1', profile: { last_step: 'tribe-selection-completed' } } as unknown as User;

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('the API client and the session (bound by the composition root)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    bindApiSession(null);
  });

  it('sends the signed-in token, and a 401 clears the session', async () => {
    bindSessionToApi();
    signIn('t.o.k', user);
    const fetchMock = vi.fn().mockResolvedValueOnce(answer(200, { status: 'success', data: { ok: true } }));
    fetchMock.mockResolvedValueOnce(answer(401, { status: 'error', message: 'Unauthenticated.' }));
    vi.stubGlobal('fetch', fetchMock);

    await api.request('/v1/me', { notifySuccess: false });
    const headers = (fetchMock.mock.calls[0]![1] as RequestInit).headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer t.o.k');

    await expect(api.request('/v1/me', { notifySuccess: false })).rejects.toThrow();
    expect(sessionStore.get().isLoggedIn).toBe(false);
    expect(sessionStore.get().accessToken).toBeNull();
  });

  it('sends no token before the session is bound', async () => {
    signIn('t.o.k', user);
    const fetchMock = vi.fn().mockResolvedValue(answer(200, { status: 'success', data: {} }));
    vi.stubGlobal('fetch', fetchMock);
    await api.request('/v1/me', { notifySuccess: false });
    const headers = (fetchMock.mock.calls[0]![1] as RequestInit).headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });
});
