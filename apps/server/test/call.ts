import type { TestApp } from './build-test-app.js';
import { bearer } from './factories.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who makes a request: a bearer token, someone holding one, or nobody. */
export type Caller = string | { token: string } | null | undefined;

export interface CallerOptions {
  /** Put before every url (e.g. '/api' or '/api/v1'). */
  prefix?: string;
  /** Headers sent with every request of this method (a call's own headers win). */
  headers?: (method: Method) => Record<string, string>;
}

/**
 * The tests' one way to call the test app: `caller(() => t, { prefix: '/api' })` answers a
 * `call(method, url, who?, payload?, headers?)` that injects the request, as `who` when given, and
 * answers its status, JSON body (null when the answer is not JSON), raw text and headers. The app is
 * read at each call, so a file can make its caller before its `beforeAll` builds the app.
 */
export function caller(app: () => TestApp, options: CallerOptions = {}) {
  return async (method: Method, url: string, who?: Caller, payload?: object, headers: Record<string, string> = {}) => {
    const token = typeof who === 'string' ? who : who?.token;
    const res = await app().app.inject({
      method,
      url: `${options.prefix ?? ''}${url}`,
      ...(payload ? { payload } : {}),
      headers: { ...options.headers?.(method), ...(token ? bearer(token) : {}), ...headers },
    });
    const json = String(res.headers['content-type']).startsWith('application/json');
    return { status: res.statusCode, body: json ? res.json() : null, text: res.body, headers: res.headers };
  };
}
