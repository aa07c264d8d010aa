import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, Page, Role, Session, SettingsBody, UpdateMeBody, User } from '@tribes/shared';
import { api, forceLogout } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { setUser, useSession } from '../auth/session-store';

type Me = { user: User };

/** Keeps the stored user in step with the server after every change. */
/** Query keys of the account feature. */
export const accountKeys = {
  me: ['me'] as const,
  sessions: ['sessions'] as const,
};

const storeUser = (answer: { data: Me }) => setUser(answer.data.user);

/** GET /v1/me, refreshing the stored user. */
export function useMe() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: accountKeys.me,
    enabled: isLoggedIn,
    queryFn: async () => {
      const answer = await api.request<Me>('/v1/me');
      storeUser(answer);
      return answer.data.user;
    },
  });
}

export function useSetRole() {
  return useMutation({
    mutationFn: async (role: Role) => api.request<Me>('/v1/me/role', { method: 'PUT', body: { role } }),
    onSuccess: storeUser,
  });
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: { body: UpdateMeBody; onFieldErrors?: FieldErrorsHandler }) =>
      api.request<Me>('/v1/me', { method: 'PATCH', body, onFieldErrors }),
    onSuccess: storeUser,
  });
}

/** POST /v1/me/avatar, multipart field "avatar". */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: async ({ file, onFieldErrors }: { file: File; onFieldErrors?: FieldErrorsHandler }) => {
      const form = new FormData();
      form.append('avatar', file);
      return api.request<Me>('/v1/me/avatar', { method: 'POST', form, onFieldErrors });
    },
    onSuccess: storeUser,
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: { body: ChangePasswordBody; onFieldErrors?: FieldErrorsHandler }) =>
      api.request<object>('/v1/me/password', { method: 'POST', body, onFieldErrors }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useSaveSettings() {
  return useMutation({
    mutationFn: async (body: SettingsBody) => api.request<Me>('/v1/me/settings', { method: 'PUT', body }),
    onSuccess: storeUser,
  });
}

export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: async () => (await api.request<Page<Session>>('/v1/me/sessions')).data.items,
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.request<object>(`/v1/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** DELETE /v1/me with the password; then the session ends and the user goes home. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async ({ password, onFieldErrors }: { password: string; onFieldErrors?: FieldErrorsHandler }) =>
      api.request<object>('/v1/me', { method: 'DELETE', body: { password }, onFieldErrors }),
    onSuccess: () => forceLogout(),
  });
}
