import { useMutation, useQuery } from '@tanstack/react-query';
import { reauthEndpoints as endpoints, type ReauthBody } from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';

/** Query keys of the reauth feature. */
export const reauthKeys = {
  status: ['reauth', 'status'] as const,
};

/** Failures the dialog shows on its own fields or in its own alert, not as a notice. */
export const REAUTH_QUIET = [403, 409, 429];

/** GET /v1/me/reauth: the ways this account can confirm it is its owner (asked each time the prompt opens). */
export function useReauthStatus(enabled: boolean) {
  return useQuery({
    queryKey: reauthKeys.status,
    queryFn: async () => (await api.call(endpoints.status)).data,
    enabled,
    staleTime: 0,
  });
}

/** POST /v1/me/reauth: the session is fresh again (no notice: the act it was asked for goes on). */
export function useReauth() {
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: { body: ReauthBody; onFieldErrors: FieldErrorsHandler }) =>
      api.call(endpoints.reauth, { body }, { notifySuccess: false, quietStatuses: REAUTH_QUIET, onFieldErrors }),
  });
}

/** POST /v1/me/reauth/email: a code to the account's own address (the dialog says so itself). */
export function useSendReauthCode() {
  return useMutation({
    mutationFn: async () => api.call(endpoints.sendEmailCode, {}, { notifySuccess: false, quietStatuses: REAUTH_QUIET }),
  });
}

/** @simplewebauthn/browser, fetched only when a passkey ceremony starts. */
const loadWebAuthnBrowser = () => import('@simplewebauthn/browser');

/** Confirms with one of the account's passkeys: options, the browser's ceremony, then POST /v1/me/reauth. */
export function useReauthWithPasskey() {
  return useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await loadWebAuthnBrowser();
      const { options } = (await api.call(endpoints.passkeyOptions, {}, { notifySuccess: false })).data;
      const passkey = await startAuthentication({ optionsJSON: options as never });
      return api.call(
        endpoints.reauth,
        { body: { passkey: passkey as never } },
        { notifySuccess: false, quietStatuses: REAUTH_QUIET },
      );
    },
  });
}
