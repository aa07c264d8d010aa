import { useMutation } from '@tanstack/react-query';
import { api, forceLogout } from '../../app/api';
import { sessionStore } from '../../lib/session/session-store';

/**
 * Logout: revokes the token on the server (best effort), then clears the session and goes to /.
 * Its own module, for the page headers of the first page: the call's contract (zod schemas) and the
 * push client load on the click, not with every page.
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      if (!sessionStore.get().accessToken) return;
      // This browser stops getting the member's pushes (the next person on it must not see them).
      await import('../../lib/push/push-device').then((m) => m.disablePush()).catch(() => undefined);
      await import('@tribes/shared').then(({ authEndpoints }) => api.call(authEndpoints.logout)).catch(() => undefined);
    },
    onSettled: () => forceLogout(),
  });
}
