import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passkeyEndpoints as endpoints } from '@tribes/shared';
import { api } from '../../app/api';
import { identityKeys } from '../../lib/query-keys';
import { loadWebAuthnBrowser } from '../../lib/webauthn';

/** Query keys of the passkeys feature. */
export const passkeyKeys = {
  list: ['passkeys'] as const,
};

/** GET /v1/me/passkeys. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeyKeys.list,
    queryFn: async () => (await api.call(endpoints.list)).data.items,
  });
}

/** Registers a passkey: options from the server, the browser's ceremony, then POST /v1/me/passkeys. */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string | undefined) => {
      const { startRegistration } = await loadWebAuthnBrowser();
      const { options } = (await api.call(endpoints.registrationOptions, {}, { notifySuccess: false })).data;
      const response = await startRegistration({ optionsJSON: options as never });
      return api.call(endpoints.add, { body: { response: response as never, ...(name ? { name } : {}) } });
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: passkeyKeys.list }),
        client.invalidateQueries({ queryKey: identityKeys.identities }),
      ]),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.call(endpoints.remove, { params: { id } }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: passkeyKeys.list }),
        client.invalidateQueries({ queryKey: identityKeys.identities }),
      ]),
  });
}
