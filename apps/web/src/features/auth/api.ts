import { useMutation, useQuery } from '@tanstack/react-query';
import {
  authEndpoints as endpoints,
  type LoginBody,
  type OtpSendBody,
  type OtpVerifyBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';

/** Query keys of the auth feature. */
export const authKeys = {
  passwordPolicy: ['password-policy'] as const,
};

/** A mutation's variables plus where 400 field errors go. */
export interface WithFieldErrors<T> {
  body: T;
  onFieldErrors?: FieldErrorsHandler;
}

/** The password policy of GET /v1/password_policy. */
export function usePasswordPolicy() {
  return useQuery({
    queryKey: authKeys.passwordPolicy,
    queryFn: async () => (await api.call(endpoints.passwordPolicy)).data,
    staleTime: 60 * 60 * 1000,
  });
}

/** POST /v1/auth/login: signed in, or (a warning) the email to verify first. */
export function useLogin() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<LoginBody>) =>
      // A 429 is shown in place, with the emailed-code way in (the sign-in page), not as a notice.
      api.call(endpoints.login, { body }, { onFieldErrors, quietStatuses: [429] }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<RegisterBody>) =>
      api.call(endpoints.register, { body }, { onFieldErrors }),
  });
}

/** POST /v1/auth/email/otp/verify: signed in, or a reset token for a forgot-password code. */
export function useVerifyOtp() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<OtpVerifyBody>) =>
      api.call(endpoints.verifyOtp, { body }, { onFieldErrors }),
  });
}

export function useSendOtp() {
  return useMutation({
    mutationFn: async (body: OtpSendBody) => api.call(endpoints.sendOtp, { body }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<{ email: string }>) =>
      api.call(endpoints.forgotPassword, { body }, { onFieldErrors }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<ResetPasswordBody>) =>
      api.call(endpoints.resetPassword, { body }, { onFieldErrors }),
  });
}
