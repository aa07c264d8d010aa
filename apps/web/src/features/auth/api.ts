import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginBody, OtpPurpose, OtpVerifyBody, PasswordPolicy, RegisterBody, ResetPasswordBody, User } from '@tribes/shared';
import { api, forceLogout } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { sessionStore } from './session-store';

/** A mutation's variables plus where 400 field errors go. */
export interface WithFieldErrors<T> {
  body: T;
  onFieldErrors?: FieldErrorsHandler;
}

export type LoginAnswer = { auth_token: string; user: User } | { verification_required: true; email: string };
export type VerifyAnswer = { auth_token: string; user: User } | { reset_token: string };

/** The password policy of GET /v1/password_policy. */
export function usePasswordPolicy() {
  return useQuery({
    queryKey: ['password-policy'],
    queryFn: async () => (await api.request<PasswordPolicy>('/v1/password_policy')).data,
    staleTime: 60 * 60 * 1000,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<LoginBody>) =>
      // A 429 is shown in place, with the emailed-code way in (the sign-in page), not as a notice.
      api.request<LoginAnswer>('/v1/auth/login', { method: 'POST', body, onFieldErrors, quietStatuses: [429] }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<RegisterBody>) =>
      api.request<{ user: User }>('/v1/auth/register', { method: 'POST', body, onFieldErrors }),
  });
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<OtpVerifyBody>) =>
      api.request<VerifyAnswer>('/v1/auth/email/otp/verify', { method: 'POST', body, onFieldErrors }),
  });
}

export function useSendOtp() {
  return useMutation({
    mutationFn: async (body: { email: string; purpose: OtpPurpose }) =>
      api.request<object>('/v1/auth/email/otp/send', { method: 'POST', body }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<{ email: string }>) =>
      api.request<object>('/v1/forgot_password', { method: 'POST', body, onFieldErrors }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<ResetPasswordBody>) =>
      api.request<object>('/v1/reset_password', { method: 'POST', body, onFieldErrors }),
  });
}

/** Logout: revokes the token on the server (best effort), then clears the session and goes to /. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      if (sessionStore.get().accessToken) {
        await api.request<object>('/v1/auth/logout', { method: 'POST' }).catch(() => undefined);
      }
    },
    onSettled: () => forceLogout(),
  });
}
