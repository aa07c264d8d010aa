import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  twoFactorEndpoints as endpoints,
  type TotpConfirmBody,
  type TotpDisableBody,
  type TwoFactorVerifyBody,
} from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { loadWebAuthnBrowser } from '../../lib/webauthn';

/** Query keys of the two-factor feature. */
export const twoFactorKeys = {
  status: ['two-factor', 'status'] as const,
};

interface WithFieldErrors<T> {
  body: T;
  onFieldErrors?: FieldErrorsHandler;
}

/** GET /v1/me/2fa: whether TOTP is on and how many recovery codes are left. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKeys.status,
    queryFn: async () => (await api.call(endpoints.status)).data,
  });
}

/** POST /v1/me/2fa/totp: a new pending secret and its otpauth:// link (no notice: the page shows the next step). */
export function useEnrolTotp() {
  return useMutation({
    mutationFn: async () => (await api.call(endpoints.enrol, {}, { notifySuccess: false })).data,
  });
}

/** POST /v1/me/2fa/totp/confirm: turns 2FA on and answers the ten recovery codes (shown once). */
export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<TotpConfirmBody>) =>
      (await api.call(endpoints.confirm, { body }, { onFieldErrors })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

/** DELETE /v1/me/2fa/totp with a code or a recovery code. */
export function useDisableTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<TotpDisableBody>) =>
      api.call(endpoints.disable, { body }, { onFieldErrors }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

/** POST /v1/me/2fa/recovery_codes: ten new recovery codes (shown once), the old ones void (a sensitive act). */
export function useRenewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(endpoints.renewRecoveryCodes, {}, { notifySuccess: false })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

/** POST /v1/auth/2fa/verify: the second step of a sign-in; answers { auth_token, user }. */
export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithFieldErrors<TwoFactorVerifyBody>) =>
      api.call(endpoints.verify, { body }, { onFieldErrors, notifySuccess: false }),
  });
}

/**
 * Answers a sign-in's challenge with a passkey: options limited to the account's passkeys
 * (POST /v1/auth/2fa/passkey/options; 409 no_passkeys is shown by the step, not as a notice), the
 * browser's ceremony (@simplewebauthn/browser, loaded only now), then POST /v1/auth/2fa/verify.
 */
export function usePasskeySecondFactor() {
  return useMutation({
    mutationFn: async ({ challengeId, onFieldErrors }: { challengeId: string; onFieldErrors: FieldErrorsHandler }) => {
      const { startAuthentication } = await loadWebAuthnBrowser();
      const { options } = (
        await api.call(
          endpoints.passkeyOptions,
          { body: { challenge_id: challengeId } },
          { notifySuccess: false, onFieldErrors, quietStatuses: [409] },
        )
      ).data;
      const response = await startAuthentication({ optionsJSON: options as never });
      return api.call(
        endpoints.verify,
        { body: { challenge_id: challengeId, passkey: response as never } },
        { onFieldErrors, notifySuccess: false },
      );
    },
  });
}
