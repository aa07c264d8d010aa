import { act, renderHook, waitFor } from '@testing-library/react';
import type { EndpointData, MapTribe, TribeMember, tribesEndpoints } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { pageTwice, queryWrapper, stubEnvelopes } from '../../test/api-harness';
import { useJoinTribe, useMapTribes, useTribeMembers, useUpdateMember } from './api';

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const USER = 'b0000000-0000-4000-8000-000000000001';
const TRIBE = 'a0000000-0000-4000-8000-000000000001';

const member = (id: string): TribeMember => ({
  user: { id, name: 'Tiziri', avatar_url: null },
  role: 'member',
  status: 'pending',
  joined_at: '2026-01-01T00:00:00.000Z',
});

describe('tribes calls through the contract', () => {
  it("pages a tribe's pending members: the tribe ref encoded in the path, status, cursor and limit in the query", async () => {
    const pages: EndpointData<typeof tribesEndpoints.members>[] = [
      { items: [member(USER)], next_cursor: 'next page' },
      { items: [], next_cursor: null },
    ];
    const calls = stubEnvelopes(pages);
    const result = await pageTwice(() => useTribeMembers('ait atlas', 'pending'), [1, 0]);
    expect(result.current.hasNextPage).toBe(false);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/tribes/ait%20atlas/members?status=pending&limit=20',
      'GET /api/v1/tribes/ait%20atlas/members?status=pending&cursor=next+page&limit=20',
    ]);
  });

  it('joins with a bodiless POST and answers the membership', async () => {
    const membership = { role: 'member', status: 'active', joined_at: '2026-01-02T00:00:00.000Z' } as const;
    const calls = stubEnvelopes([{ membership }]);
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useJoinTribe('ait-atlas'), { wrapper });
    let answered: unknown;
    await act(async () => {
      answered = await result.current.mutateAsync();
    });
    expect(calls).toEqual([{ url: '/api/v1/tribes/ait-atlas/join', method: 'POST', body: undefined }]);
    expect(answered).toEqual(membership);
  });

  it('changes a member with both path parameters and the body', async () => {
    const calls = stubEnvelopes([{ membership: { role: 'moderator', status: 'active', joined_at: '2026-01-02T00:00:00.000Z' } }]);
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useUpdateMember(TRIBE), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ userId: USER, body: { role: 'moderator' } });
    });
    expect(calls).toEqual([
      { url: `/api/v1/tribes/${TRIBE}/members/${USER}`, method: 'PATCH', body: JSON.stringify({ role: 'moderator' }) },
    ]);
  });

  it('decodes the base64 list of get_map_tribes, names in any script', async () => {
    const list: MapTribe[] = [
      {
        id: TRIBE,
        name: 'آيت أطلس',
        slug: 'ait-atlas',
        lat: 31.5,
        lng: -7.9,
        member_count: 3,
        village_count: 1,
        cover_url: null,
        logo_url: null,
      },
    ];
    const bytes = new TextEncoder().encode(JSON.stringify(list));
    const base64: EndpointData<typeof tribesEndpoints.mapTribes> = btoa(String.fromCharCode(...bytes));
    const calls = stubEnvelopes([base64]);
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useMapTribes(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(list));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v1/get_map_tribes']);
  });
});
