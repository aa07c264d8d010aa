import { useState } from 'react';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  tribesEndpoints as endpoints,
  villagesEndpoints,
  type CreateTribeBody,
  type CreateVillageBody,
  type MapTribe,
  type MembershipStatus,
  type UpdateMemberBody,
  type UpdateTribeBody,
  type UpdateVillageBody,
  type VillageStatus,
} from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { accountKeys } from '../../lib/query-keys';
import { setUser } from '../../lib/session/session-store';
import { decodeMapTribes, readStoredTribes, storeTribes } from './map-data';
import { offerPush } from '../../lib/push/push-offer';
import { tribeKeys } from '../../lib/query-keys';

/** The query keys live in lib/query-keys, where other features may read them too. */
/** One tribe (GET /v1/tribes/{id}) lives in lib/use-tribe: money's pages read it too. */
export { useTribe } from '../../lib/use-tribe';
export { tribeKeys };

const PAGE_SIZE = 20;

/** After any change: tribe reads and the map refetch, and so does the signed-in user. */
function refreshAll(client: QueryClient) {
  void client.invalidateQueries({ queryKey: tribeKeys.all });
  void client.invalidateQueries({ queryKey: tribeKeys.map });
  void client.invalidateQueries({ queryKey: accountKeys.me });
}

/** GET /v1/tribes?q=&cursor=, page by page. */
export function useTribeList(q: string) {
  return useInfiniteQuery({
    queryKey: tribeKeys.list(q),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.list, { query: { q, cursor: pageParam || undefined, limit: PAGE_SIZE } }, { signal })).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/tribes/{id}/members?status=, page by page (pending and banned: leaders and moderators). */
export function useTribeMembers(ref: string, status: MembershipStatus, enabled = true) {
  return useInfiniteQuery({
    queryKey: tribeKeys.members(ref, status),
    enabled: enabled && Boolean(ref),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          endpoints.members,
          { params: { id: ref }, query: { status, cursor: pageParam || undefined, limit: PAGE_SIZE } },
          { signal },
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** GET /v1/tribes/{id}/approvals: what waits for me in a tribe I run (leaders and moderators only). */
export function useTribeApprovals(ref: string, enabled: boolean) {
  return useQuery({
    queryKey: tribeKeys.approvals(ref),
    enabled: enabled && Boolean(ref),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.approvals, { params: { id: ref } }, { signal, silent: true })).data.approvals,
  });
}

/** GET /v1/tribes/{id}/villages?status= (pending: a member's own, or all for moderators). */
export function useTribeVillages(ref: string, status: VillageStatus, enabled = true) {
  return useInfiniteQuery({
    queryKey: tribeKeys.villages(ref, status),
    enabled: enabled && Boolean(ref),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          villagesEndpoints.list,
          { params: { id: ref }, query: { status, cursor: pageParam || undefined, limit: PAGE_SIZE } },
          { signal },
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** GET /v1/get_map_tribes: base64 JSON, decoded and kept in localStorage `tribes`; the stored list shows first. */
export function useMapTribes(enabled = true) {
  const [stored] = useState(readStoredTribes);
  return useQuery<MapTribe[]>({
    queryKey: tribeKeys.mapTribes,
    enabled,
    queryFn: async ({ signal }) => {
      const list = decodeMapTribes((await api.call(endpoints.mapTribes, {}, { signal, notifySuccess: false })).data);
      storeTribes(list);
      return list;
    },
    ...(stored ? { initialData: stored, initialDataUpdatedAt: 0 } : {}),
  });
}

/** GET /v1/get_map_villages: approved villages. */
export function useMapVillages(enabled = true) {
  return useQuery({
    queryKey: tribeKeys.mapVillages,
    enabled,
    queryFn: async ({ signal }) => (await api.call(endpoints.mapVillages, {}, { signal, notifySuccess: false })).data,
  });
}

type WithErrors<B> = { body: B; onFieldErrors?: FieldErrorsHandler };

export function useCreateTribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithErrors<CreateTribeBody>) =>
      (await api.call(endpoints.create, { body }, { onFieldErrors })).data.tribe,
    onSuccess: () => refreshAll(client),
  });
}

export function useUpdateTribe(ref: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithErrors<UpdateTribeBody>) =>
      (await api.call(endpoints.update, { params: { id: ref }, body }, { onFieldErrors })).data.tribe,
    onSuccess: () => refreshAll(client),
  });
}

/** POST /v1/tribe_selection: joins, makes the tribe primary and completes onboarding. */
export function useSelectTribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (tribeId: string) => (await api.call(endpoints.select, { body: { tribe_id: tribeId } })).data,
    onSuccess: (data) => {
      setUser(data.user);
      refreshAll(client);
    },
  });
}

export function useJoinTribe(ref: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(endpoints.join, { params: { id: ref } })).data.membership,
    onSuccess: () => {
      // News of the tribe is worth hearing: the moment to offer notifications on this device.
      offerPush();
      return refreshAll(client);
    },
  });
}

export function useLeaveTribe(ref: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => api.call(endpoints.leave, { params: { id: ref } }),
    onSuccess: () => refreshAll(client),
  });
}

export function useUpdateMember(ref: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, body }: { userId: string; body: UpdateMemberBody }) =>
      (await api.call(endpoints.updateMember, { params: { id: ref, user_id: userId }, body })).data.membership,
    onSuccess: () => refreshAll(client),
  });
}

export function useHandover(ref: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      (await api.call(endpoints.handover, { params: { id: ref }, body: { user_id: userId } })).data.tribe,
    onSuccess: () => refreshAll(client),
  });
}

export function useRegisterVillage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ tribeId, body, onFieldErrors }: WithErrors<CreateVillageBody> & { tribeId: string }) =>
      (await api.call(villagesEndpoints.create, { params: { id: tribeId }, body }, { onFieldErrors })).data.village,
    onSuccess: () => refreshAll(client),
  });
}

export function useUpdateVillage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateVillageBody }) =>
      (await api.call(villagesEndpoints.update, { params: { id }, body })).data.village,
    onSuccess: () => refreshAll(client),
  });
}
