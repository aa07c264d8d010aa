import { useMutation } from '@tanstack/react-query';
import { passkeyEndpoints as endpoints } from '@tribes/shared';
import { api } from '../app/api';
import { deviceName } from './device-name';

/** @simplewebauthn/browser, fetched only when a passkey ceremony starts (never in the /sign-in chunk). */
export const loadWebAuthnBrowser = () => import('@simplewebauthn/browser');

/** The browser refused or the user dismissed the passkey prompt: nothing to report but a calm note. */
export function isPasskeyCancel(err: unknown): boolean {
  const name = (err as { name?: string; cause?: { name?: string } } | null)?.name;
  const cause = (err as { cause?: { name?: string } } | null)?.cause?.name;
  return name === 'NotAllowedError' || cause === 'NotAllowedError' || name === 'AbortError' || cause === 'AbortError';
}

/** Signs in with a passkey: options, the browser's ceremony (discoverable credentials), then verify. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await loadWebAuthnBrowser();
      const { options, challenge_id } = (await api.call(endpoints.signInOptions, {}, { notifySuccess: false })).data;
      const response = await startAuthentication({ optionsJSON: options as never });
      return api.call(
        endpoints.signIn,
        { body: { response: response as never, challenge_id, device_name: deviceName() } },
        { notifySuccess: false },
      );
    },
  });
}
