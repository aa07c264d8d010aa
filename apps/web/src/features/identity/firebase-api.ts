import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityEndpoints as endpoints, type IdentitySignInBody, type LinkFirebaseBody } from '@tribes/shared';
import { api } from '../../app/api';
import { identityKeys } from './api';

/** The providers answer (GET /v1/auth/providers) is the identity feature's shared query. */
export { useAuthProviders } from './api';

/** POST /v1/auth/identity: a Firebase ID token becomes a Tribes session (or a 2FA challenge). */
export function useIdentitySignIn() {
  return useMutation({
    mutationFn: async (body: IdentitySignInBody) => api.call(endpoints.signIn, { body }, { notifySuccess: false }),
  });
}

/** GET /v1/me/identities: the signed-in account's ways in. */
export function useIdentities() {
  return useQuery({
    queryKey: identityKeys.identities,
    queryFn: async () => (await api.call(endpoints.list)).data.identities,
  });
}

/** POST /v1/me/identities/firebase: links a Firebase identity; a 409 is shown where the link was asked. */
export function useLinkFirebase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LinkFirebaseBody) => api.call(endpoints.linkFirebase, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: identityKeys.identities }),
  });
}

/** DELETE /v1/me/identities/{id}: the 409 (the last method) is shown in the dialog, not as a notice. */
export function useRemoveIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.call(endpoints.remove, { params: { id } }, { quietStatuses: [409] }),
    onSettled: () => client.invalidateQueries({ queryKey: identityKeys.identities }),
  });
}
