import { act, renderHook, waitFor } from '@testing-library/react';
import type { EndpointData, usersEndpoints } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { MEMBER as USER, queryWrapper, stubEnvelopes } from '../../test/api-harness';
import { sessionStore, signIn } from '../../lib/session/session-store';
import { useRevokeSession, useSessions, useSignOutOtherDevices, useUploadAvatar } from './api';

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const SESSION = 'd0000000-0000-4000-8000-000000000001';

describe('account calls through the contract', () => {
  it('uploads the avatar as multipart and keeps the answered user in the session', async () => {
    signIn('tok', USER);
    const answer: EndpointData<typeof usersEndpoints.avatar> = { user: { ...USER, avatar_url: '/media/avatars/a.webp' } };
    const calls = stubEnvelopes([answer]);
    const { wrapper } = queryWrapper();
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
      items: [
        {
          id: SESSION,
          device_name: 'Firefox',
          name: 'Firefox',
          browser: null,
          os: null,
          device_type: null,
          created_at: USER.created_at,
          last_used_at: null,
          current: false,
        },
      ],
      next_cursor: null,
    };
    const calls = stubEnvelopes([page, {}, page]);
    const { wrapper } = queryWrapper();
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

  it('signs out every other device with DELETE /v1/me/sessions, then lists the sessions again', async () => {
    const before: EndpointData<typeof usersEndpoints.sessions> = {
      items: [
        {
          id: SESSION,
          device_name: null,
          name: 'Chrome on Android',
          browser: 'Chrome',
          os: 'Android',
          device_type: 'mobile',
          created_at: USER.created_at,
          last_used_at: null,
          current: true,
        },
        {
          id: 'd0000000-0000-4000-8000-000000000002',
          device_name: null,
          name: 'Firefox on Linux',
          browser: 'Firefox',
          os: 'Linux',
          device_type: 'desktop',
          created_at: USER.created_at,
          last_used_at: null,
          current: false,
        },
      ],
      next_cursor: null,
    };
    const after = { items: before.items.slice(0, 1), next_cursor: null };
    const calls = stubEnvelopes([before, { revoked: 1 }, after]);
    const { wrapper } = queryWrapper();
    const sessions = renderHook(() => useSessions(), { wrapper });
    await waitFor(() => expect(sessions.result.current.data).toEqual(before.items));
    const others = renderHook(() => useSignOutOtherDevices(), { wrapper });
    await act(async () => {
      await others.result.current.mutateAsync();
    });
    await waitFor(() => expect(sessions.result.current.data).toEqual(after.items));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/me/sessions',
      'DELETE /api/v1/me/sessions',
      'GET /api/v1/me/sessions',
    ]);
  });
});
