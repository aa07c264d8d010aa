import { useMutation, useQuery } from '@tanstack/react-query';
import { identityEndpoints, oidcEndpoints } from '@tribes/shared';
import { api } from '../../app/api';
import { identityKeys } from '../../lib/query-keys';

/** The query keys live in lib/query-keys, where other features may read them too. */
export { identityKeys };

/**
 * GET /v1/auth/providers: what the sign-in page may offer — the Firebase web config and providers
 * (null when not configured; `emulator_host` set in dev and tests), the OIDC issuers, passkeys.
 * Rarely changes, so it is kept for ten minutes.
 */
export function useAuthProviders() {
  return useQuery({
    queryKey: identityKeys.providers,
    queryFn: async () => (await api.call(identityEndpoints.providers)).data,
    staleTime: 10 * 60 * 1000,
  });
}

/**
 * POST /v1/me/identities/oidc/{id}/start: the issuer URL that links an OpenID Connect identity to the
 * signed-in account; the browser goes there and comes back to `return_to` with `?linked=<id>` or `?error=`.
 */
export function useStartOidcLink() {
  return useMutation({
    mutationFn: async ({ id, returnTo }: { id: string; returnTo: string }) =>
      (await api.call(oidcEndpoints.link, { params: { id }, body: { return_to: returnTo } }, { notifySuccess: false })).data.url,
    onSuccess: (url) => window.location.assign(url),
  });
}
