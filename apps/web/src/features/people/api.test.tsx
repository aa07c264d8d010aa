import { act, renderHook, waitFor } from '@testing-library/react';
import type { EndpointData, peopleEndpoints } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { jsonResponse, queryWrapper, stubFetch, success } from '../../test/api-harness';
import { useBlock, useBlockedUsers, useProfile } from './api';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const USER = 'b0000000-0000-4000-8000-000000000001';

/** A fetch that answers each call with the next [status, data] of `answers`, in the envelope, and records the calls. */
function stubAnswers(answers: [number, unknown][]) {
  return stubFetch(() => {
    const [status, data] = answers.shift()!;
    return jsonResponse(status, status < 400 ? success(data) : { status: 'error', message: 'This profile is private.' });
  });
}

describe('people calls through the contract', () => {
  it('reads a private profile (403) as the private state', async () => {
    const calls = stubAnswers([[403, null]]);
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useProfile(USER), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ kind: 'private' }));
    expect(calls).toEqual([{ url: `/api/v1/users/${USER}`, method: 'GET' }]);
  });

  it('blocks with a POST and unblocks with a DELETE of the same path, and lists the blocked', async () => {
    const blocked: EndpointData<typeof peopleEndpoints.blocked> = {
      items: [{ id: USER, name: 'Tiziri', avatar_url: null, blocked_at: '2026-01-01T00:00:00.000Z' }],
      next_cursor: null,
    };
    const calls = stubAnswers([
      [200, {}],
      [200, {}],
      [200, blocked],
    ]);
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useBlock(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ id: USER, on: true });
      await result.current.mutateAsync({ id: USER, on: false });
    });
    const list = renderHook(() => useBlockedUsers(), { wrapper });
    await waitFor(() => expect(list.result.current.data).toEqual(blocked.items));
    expect(calls).toEqual([
      { url: `/api/v1/users/${USER}/block`, method: 'POST' },
      { url: `/api/v1/users/${USER}/block`, method: 'DELETE' },
      { url: '/api/v1/me/blocked_users', method: 'GET' },
    ]);
  });
});
