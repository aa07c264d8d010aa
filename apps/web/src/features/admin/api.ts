import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEndpoints as endpoints,
  moderationEndpoints,
  tribesEndpoints,
  type AdminReportAction,
  type AdminUserStatus,
  type AppealDecision,
} from '@tribes/shared';
import { api } from '../../app/api';
import type { CallOptions } from '../../lib/api-client';

/** The console's own keys (every answer here is an operator's view, dropped on sign-out with the rest). */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  allUsers: ['admin', 'users'] as const,
  allReports: ['admin', 'reports'] as const,
  allAppeals: ['admin', 'appeals'] as const,
  users: (q: string, status: AdminUserStatus | '') => ['admin', 'users', q, status] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  reports: (status: 'open' | 'closed') => ['admin', 'reports', status] as const,
  appeals: (status: 'open' | 'upheld' | 'overturned') => ['admin', 'appeals', status] as const,
  audit: (actorId: string, targetId: string) => ['admin', 'audit', actorId, targetId] as const,
  myNotices: ['moderation', 'me'] as const,
};

/**
 * Every console call: a 403 (not an operator, or an operator without two-factor) is a state of the page
 * (AdminError), a 409 and field errors are shown inline where the act was asked, not as notices.
 */
const quiet: CallOptions = { quietStatuses: [403, 409], onFieldErrors: () => true };
const read = (signal: AbortSignal): CallOptions => ({ signal, quietStatuses: [403] });

/** GET /v1/admin/stats. */
export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    retry: false,
    queryFn: async ({ signal }) => (await api.call(endpoints.stats, {}, read(signal))).data,
  });
}

/** GET /v1/admin/users: q matches name, email or phone; newest first, page by page. */
export function useAdminUsers(q: string, status: AdminUserStatus | '') {
  return useInfiniteQuery({
    queryKey: adminKeys.users(q, status),
    retry: false,
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          endpoints.users,
          { query: { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) } },
          read(signal),
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** GET /v1/admin/users/{id}: the person, their tribes, notices and the operators' acts on them. */
export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.user, { params: { id } }, { ...read(signal), quietStatuses: [403, 404] })).data,
  });
}

function useRefreshUser(id: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: adminKeys.user(id) });
    void client.invalidateQueries({ queryKey: adminKeys.allUsers });
    void client.invalidateQueries({ queryKey: adminKeys.stats });
  };
}

/** POST /v1/admin/users/{id}/suspend { reason, until? } (until null: until lifted). */
export function useSuspendUser(id: string) {
  const refresh = useRefreshUser(id);
  return useMutation({
    mutationFn: async (body: { reason: string; until: string | null }) =>
      (await api.call(endpoints.suspendUser, { params: { id }, body }, quiet)).data.user,
    onSuccess: refresh,
  });
}

/** POST /v1/admin/users/{id}/unsuspend { reason }. */
export function useUnsuspendUser(id: string) {
  const refresh = useRefreshUser(id);
  return useMutation({
    mutationFn: async (body: { reason: string }) =>
      (await api.call(endpoints.unsuspendUser, { params: { id }, body }, quiet)).data.user,
    onSuccess: refresh,
  });
}

/** GET /v1/admin/reports?status=open|closed: every report handled by the operators, with its snapshot. */
export function useAdminReports(status: 'open' | 'closed') {
  return useInfiniteQuery({
    queryKey: adminKeys.reports(status),
    retry: false,
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.reports, { query: { status, ...(pageParam ? { cursor: pageParam } : {}) } }, read(signal))).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** POST /v1/admin/reports/{id}/resolve { action, reason, until? }: 409 report_closed when already closed. */
export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; action: AdminReportAction; reason: string; until?: string | null }) =>
      (
        await api.call(
          endpoints.resolveReport,
          { params: { id: v.id }, body: { action: v.action, reason: v.reason, ...(v.until ? { until: v.until } : {}) } },
          quiet,
        )
      ).data.report,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.allReports });
      void client.invalidateQueries({ queryKey: adminKeys.stats });
    },
  });
}

/** GET /v1/admin/appeals?status=. */
export function useAdminAppeals(status: 'open' | 'upheld' | 'overturned') {
  return useInfiniteQuery({
    queryKey: adminKeys.appeals(status),
    retry: false,
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.appeals, { query: { status, ...(pageParam ? { cursor: pageParam } : {}) } }, read(signal))).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** POST /v1/admin/appeals/{id}/decide { decision, note }. */
export function useDecideAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; decision: AppealDecision; note: string }) =>
      (await api.call(endpoints.decideAppeal, { params: { id: v.id }, body: { decision: v.decision, note: v.note } }, quiet)).data
        .appeal,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.allAppeals });
      void client.invalidateQueries({ queryKey: adminKeys.stats });
    },
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /v1/admin/tribes/{id}/suspend or /unsuspend { reason }. The console takes a tribe's id or its slug:
 * a slug is looked up first (GET /v1/tribes/{slug}); a tribe hidden by a suspension may only be found by its id.
 */
export function useTribeSuspension() {
  return useMutation({
    mutationFn: async (v: { ref: string; suspend: boolean; reason: string }) => {
      const id = UUID.test(v.ref)
        ? v.ref
        : (await api.call(tribesEndpoints.show, { params: { id: v.ref } }, { quietStatuses: [404] })).data.tribe.id;
      return (
        await api.call(
          v.suspend ? endpoints.suspendTribe : endpoints.unsuspendTribe,
          { params: { id }, body: { reason: v.reason } },
          quiet,
        )
      ).data.tribe;
    },
  });
}

/** GET /v1/admin/audit?actor_id=&target_id=: every operator act, newest first. */
export function useAudit(actorId: string, targetId: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(actorId, targetId),
    retry: false,
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          endpoints.audit,
          {
            query: {
              ...(actorId ? { actor_id: actorId } : {}),
              ...(targetId ? { target_id: targetId } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          read(signal),
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** GET /v1/me/moderation: the member's notices, newest first, with their appeal. */
export function useMyNotices() {
  return useInfiniteQuery({
    queryKey: adminKeys.myNotices,
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(moderationEndpoints.myNotices, { query: pageParam ? { cursor: pageParam } : {} }, { signal })).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** POST /v1/moderation/{id}/appeal { text }: once, within 20 days (409 after). */
export function useAppealNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; text: string }) =>
      (await api.call(moderationEndpoints.appeal, { params: { id: v.id }, body: { text: v.text } }, quiet)).data.appeal,
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.myNotices }),
  });
}
