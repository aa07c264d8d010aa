import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { EndpointData, User, usersEndpoints } from '@tribes/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { sessionStore, signIn } from '../auth/session-store';
import { useRevokeSession, useSessions, useUploadAvatar } from './api';

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const SESSION = 'd0000000-0000-4000-8000-000000000001';

const USER: User = {
  id: '6f1c1d1e-0000-4000-8000-000000000002',
  name: 'Noor',
  email: 'noor@example.test',
  email_verified: true,
  avatar_url: null,
  bio: '',
  locale: 'en',
  role: 'member',
  created_at: '2026-01-01T00:00:00.000Z',
  profile: { last_step: 'tribe-selection-completed', primary_tribe_id: null },
  privacy: { profile_visibility: 'public', show_on_map: true },
  settings: { notifications: { comments: true, likes: true, membership: true, villages: true, donations: true, email: false } },
};

type Call = { url: string; method: string; body: BodyInit | null | undefined };

/** A fetch that answers each call with the next data in `answers`, in the envelope, and records the calls. */
function stubFetch(answers: unknown[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body });
      return new Response(JSON.stringify({ status: 'success', message: 'OK', data: answers.shift() }), { status: 200 });
    }),
  );
  return calls;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('account calls through the contract', () => {
  it('uploads the avatar as multipart and keeps the answered user in the session', async () => {
    signIn('tok', USER);
    const answer: EndpointData<typeof usersEndpoints.avatar> = { user: { ...USER, avatar_url: '/media/avatars/a.webp' } };
    const calls = stubFetch([answer]);
    const { result } = renderHook(() => useUploadAvatar(), { wrapper });
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    await act(async () => {
      await result.current.mutateAsync({ file });
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/v1/me/avatar']);
    const form = calls[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('avatar') as File).name).toBe('me.png');
    expect(sessionStore.get().userData?.avatar_url).toBe('/media/avatars/a.webp');
  });

  it('lists the sessions and revokes one by its id in the path, without a body', async () => {
    const page: EndpointData<typeof usersEndpoints.sessions> = {
      items: [{ id: SESSION, device_name: 'Firefox', created_at: USER.created_at, last_used_at: null, current: false }],
      next_cursor: null,
    };
    const calls = stubFetch([page, {}, page]);
    const sessions = renderHook(() => useSessions(), { wrapper });
    await waitFor(() => expect(sessions.result.current.data).toEqual(page.items));
    const revoke = renderHook(() => useRevokeSession(), { wrapper });
    await act(async () => {
      await revoke.result.current.mutateAsync(SESSION);
    });
    expect(calls.slice(0, 2).map((c) => `${c.method} ${c.url} ${String(c.body)}`)).toEqual([
      'GET /api/v1/me/sessions undefined',
      `DELETE /api/v1/me/sessions/${SESSION} undefined`,
    ]);
  });
});
