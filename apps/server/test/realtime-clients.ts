import Echo from 'laravel-echo';
import PusherImport from 'pusher-js';

// pusher-js ships a CommonJS build whose typings say `export default`: under NodeNext the default
// import is the class at run time but typed as the module, hence the cast.
type PusherClass = typeof import('../../../node_modules/pusher-js/types/src/core/pusher.js').default;
export const Pusher = PusherImport as unknown as PusherClass;
import type { TestApp } from './build-test-app.js';

/** Where a listening test app can be reached. */
export function endpoint(t: TestApp) {
  const { port } = t.app.server.address() as { port: number };
  return { host: '127.0.0.1', port, base: `http://127.0.0.1:${port}`, key: t.app.ctx.realtime.appKey };
}

/** The stock pusher-js client, as the web app configures it (ws only, no TLS, bearer token on auth). */
export function pusherClient(t: TestApp, token?: string) {
  const e = endpoint(t);
  return new Pusher(e.key, {
    cluster: '',
    wsHost: e.host,
    wsPort: e.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    authEndpoint: `${e.base}/broadcasting/auth`,
    userAuthentication: {
      endpoint: `${e.base}/broadcasting/user-auth`,
      transport: 'ajax',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
    auth: { headers: token ? { Authorization: `Bearer ${token}` } : {} },
  });
}

/** The stock laravel-echo client with the reverb broadcaster over pusher-js. */
export function echoClient(t: TestApp, token: string) {
  const e = endpoint(t);
  return new Echo({
    broadcaster: 'reverb',
    key: e.key,
    wsHost: e.host,
    wsPort: e.port,
    wssPort: e.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    authEndpoint: `${e.base}/broadcasting/auth`,
    bearerToken: token,
    // Echo writes the bearer token into its default auth headers object, which is shared by
    // every Echo in one process; a browser has one Echo, these tests have several: give each its own.
    auth: { headers: { Authorization: `Bearer ${token}` } },
    Pusher: PusherImport,
  });
}

/** Resolves when the predicate holds, polling; rejects after a while. */
export async function until(predicate: () => boolean, timeoutMs = 5000, label = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * One session's live connection through the stock Echo client, recording what it receives: the
 * notifications of its user channel, the posts of tribe channels, subscription errors per channel
 * (Echo's .error()), the protocol errors of the connection (pusher:error codes) and its state.
 */
export function liveSession(t: TestApp, token: string) {
  const echo = echoClient(t, token);
  const pusher = echo.connector.pusher;
  const s = {
    echo,
    notifications: [] as string[],
    posts: [] as string[],
    subscribed: new Set<string>(),
    refused: [] as { channel: string; status?: number }[],
    errorCodes: [] as number[],
    /** pusher-js's connection state: 'disconnected' once the server closed it with a 4000-4099 code. */
    state: () => pusher.connection.state,
    /** Listens to the user's notification channel. */
    user(userId: string) {
      const name = `App.Models.User.${userId}`;
      echo
        .private(name)
        .subscribed(() => s.subscribed.add(name))
        .error((e: { status?: number }) => s.refused.push({ channel: name, status: e.status }))
        .listen('.notification.created', (e: { notification: { id: string } }) => s.notifications.push(e.notification.id));
      return s;
    },
    /** Listens to a tribe's private channel for new posts. */
    tribe(tribeId: string) {
      const name = `tribe.${tribeId}`;
      echo
        .private(name)
        .subscribed(() => s.subscribed.add(name))
        .error((e: { status?: number }) => s.refused.push({ channel: name, status: e.status }))
        .listen('.post.created', (e: { post: { body: string } }) => s.posts.push(e.post.body));
      return s;
    },
    disconnect: () => echo.disconnect(),
  };
  pusher.connection.bind('error', (e: { data?: { code?: unknown } }) => {
    if (typeof e.data?.code === 'number') s.errorCodes.push(e.data.code);
  });
  return s;
}
