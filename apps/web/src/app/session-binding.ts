import { clearSession, loggingOutStore, sessionStore } from '../lib/session/session-store';
import { bindApiSession } from './api';

/**
 * The composition root's one wire between the auth feature and the API client: the client reads
 * the session's token and clears it on a forced logout, without app/api.ts importing a feature.
 */
export function bindSessionToApi(): void {
  bindApiSession({
    accessToken: () => sessionStore.get().accessToken,
    clear: clearSession,
    setLoggingOut: (on) => loggingOutStore.set(on),
  });
}
