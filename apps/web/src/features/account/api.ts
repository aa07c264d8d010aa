import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  digestEndpoints,
  exportsEndpoints,
  notificationsEndpoints,
  usersEndpoints as endpoints,
  type ChangePasswordBody,
  type MeData,
  type Role,
  type UpdateMeBody,
} from '@tribes/shared';
import { api, forceLogout } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { setUser } from '../../lib/session/session-store';
import { accountKeys } from '../../lib/query-keys';

/** The query keys live in lib/query-keys, where other features may read them too. */
export { accountKeys };
/** GET /v1/me lives in lib/session, beside the session it refreshes. */
export { useMe } from '../../lib/session/use-me';
export { useSaveSettings } from '../../lib/session/use-save-settings';

/** Keeps the stored user in step with the server after every change. */
const storeUser = (answer: { data: MeData }) => setUser(answer.data.user);

export function useSetRole() {
  return useMutation({
    mutationFn: async (role: Role) => api.call(endpoints.setRole, { body: { role } }),
    onSuccess: storeUser,
  });
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: { body: UpdateMeBody; onFieldErrors?: FieldErrorsHandler }) =>
      api.call(endpoints.updateMe, { body }, { onFieldErrors }),
    onSuccess: storeUser,
  });
}

/** POST /v1/me/avatar, multipart field "avatar". */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: async ({ file, onFieldErrors }: { file: File; onFieldErrors?: FieldErrorsHandler }) => {
      const form = new FormData();
      form.append('avatar', file);
      return api.call(endpoints.avatar, { form }, { onFieldErrors });
    },
    onSuccess: storeUser,
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: { body: ChangePasswordBody; onFieldErrors?: FieldErrorsHandler }) =>
      api.call(endpoints.changePassword, { body }, { onFieldErrors }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: async () => (await api.call(endpoints.sessions)).data.items,
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.call(endpoints.revokeSession, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** DELETE /v1/me/sessions: signs out every other device (this one stays). */
export function useSignOutOtherDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => api.call(endpoints.revokeOtherSessions),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** DELETE /v1/me with the password; then the session ends and the user goes home. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async ({ password, onFieldErrors }: { password: string; onFieldErrors?: FieldErrorsHandler }) =>
      api.call(endpoints.deleteMe, { body: { password } }, { onFieldErrors }),
    onSuccess: () => forceLogout(),
  });
}

/**
 * POST /v1/me/export: asks for a ZIP of my data, mailed as a link (DESIGN 11.2). The page says where
 * the mail goes, so the server's notice is not shown; a second request the same day (409
 * export_too_soon) is the form's own state, not a notice either.
 */
export function useRequestExport() {
  return useMutation({
    mutationFn: async () =>
      (await api.call(exportsEndpoints.requestExport, {}, { notifySuccess: false, quietStatuses: [409] })).data,
  });
}

/** GET /v1/unsubscribe/{token} (no sign-in): what a mail's unsubscribe link turns off; 404 is the page's own state. */
export function useUnsubscribeStatus(token: string) {
  return useQuery({
    queryKey: accountKeys.unsubscribe(token),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.call(notificationsEndpoints.unsubscribeStatus, { params: { token } }, { signal, quietStatuses: [404, 414] }))
        .data,
  });
}

/** POST /v1/unsubscribe/{token}: that type's mail off (the page asks first; opening the link does nothing). */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: async () =>
      (await api.call(notificationsEndpoints.unsubscribe, { params: { token } }, { notifySuccess: false })).data,
  });
}

/** GET /v1/me/digest/preview: this week's digest as it would be mailed now; fetched when the preview opens. */
export function useDigestPreview(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.digestPreview,
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => (await api.call(digestEndpoints.preview, {}, { signal })).data,
  });
}
