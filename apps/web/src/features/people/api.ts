import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { peopleEndpoints as endpoints, usersEndpoints, type PrivacyBody, type UserProfile } from '@tribes/shared';
import { api } from '../../app/api';
import { ApiError } from '../../lib/api-client';
import { setUser } from '../../lib/session/session-store';
import { postKeys } from '../../lib/query-keys';

export const peopleKeys = {
  all: ['people'] as const,
  profile: (id: string) => ['people', 'profile', id] as const,
  blocked: ['people', 'blocked'] as const,
};

export type { BlockedUser } from '@tribes/shared';

/** What a profile read can end in: the profile, private (403) or absent (404, also across a block). */
export type ProfileState = { kind: 'ok'; profile: UserProfile } | { kind: 'private' } | { kind: 'missing' };

/** GET /v1/users/{id}, with the private and missing answers as states the page can show. */
export function useProfile(id: string) {
  return useQuery<ProfileState>({
    queryKey: peopleKeys.profile(id),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return { kind: 'ok', profile: (await api.call(endpoints.profile, { params: { id } }, { signal })).data.profile };
      } catch (err) {
        if (err instanceof ApiError && err.status === 403) return { kind: 'private' };
        if (err instanceof ApiError && err.status === 404) return { kind: 'missing' };
        throw err;
      }
    },
  });
}

/** Block (POST) or unblock (DELETE) a person; their posts leave or return to every list. */
export function useBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, on }: { id: string; on: boolean }) =>
      api.call(on ? endpoints.block : endpoints.unblock, { params: { id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: peopleKeys.all });
      void client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

export function useBlockedUsers() {
  return useQuery({
    queryKey: peopleKeys.blocked,
    queryFn: async ({ signal }) => (await api.call(endpoints.blocked, {}, { signal })).data.items,
  });
}

/** PUT /v1/me/privacy, keeping the stored user in step. */
export function useSavePrivacy() {
  return useMutation({
    mutationFn: async (body: PrivacyBody) => (await api.call(usersEndpoints.setPrivacy, { body })).data.user,
    onSuccess: (user) => setUser(user),
  });
}
