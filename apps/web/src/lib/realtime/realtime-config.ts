import { API_BASE } from '../../app/config';
import { inlinedPublicConfig } from '../inlined-config';
import type { RealtimeConfig } from './types';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface PageLocation {
  protocol: string;
  hostname: string;
  port: string;
}

/**
 * The realtime endpoint from GET /api/v1/config's `data.realtime` ({ key, host, port, scheme }),
 * each missing part taken from the page's own location, and the key from VITE_REVERB_APP_KEY.
 * The socket is served by the API's server: when the API is the page's own origin (`apiOrigin`
 * null, the usual build), the socket follows the page's host, scheme and port, so the app opened
 * on another name than PUBLIC_URL's (127.0.0.1, a LAN address, www or bare) still connects (the
 * server accepts a same-origin socket; CSP connect-src allows ws:/wss:). The answer's host (made
 * from PUBLIC_URL) is for an API on another origin.
 * Null when no key is known at all: then there is nothing to connect to.
 */
export function resolveRealtimeConfig(
  answer: unknown,
  location: PageLocation,
  envKey: unknown,
  apiOrigin: string | null = null,
): RealtimeConfig | null {
  const data = isRecord(answer) && isRecord(answer.data) ? answer.data : null;
  const fromAnswer = data && isRecord(data.realtime) ? data.realtime : {};
  // Only the key is taken from the answer when the socket follows the page.
  const rt = apiOrigin ? fromAnswer : { key: fromAnswer.key };
  const pageScheme = location.protocol === 'https:' ? 'https' : 'http';
  const scheme = rt.scheme === 'https' || rt.scheme === 'http' ? rt.scheme : pageScheme;
  const key = typeof rt.key === 'string' && rt.key ? rt.key : typeof envKey === 'string' && envKey ? envKey : null;
  if (!key) return null;
  const host = typeof rt.host === 'string' && rt.host ? rt.host : location.hostname;
  const fallbackPort = location.port ? Number(location.port) : scheme === 'https' ? 443 : 80;
  const port = typeof rt.port === 'number' && Number.isInteger(rt.port) && rt.port > 0 ? rt.port : fallbackPort;
  return { key, host, port, scheme };
}

/**
 * Where the server's realtime endpoint is: from the served page when it carries the config (issue 42), else
 * asked of the server (quietly: no notice, no loading bar).
 */
export async function loadRealtimeConfig(): Promise<RealtimeConfig | null> {
  const inlined = inlinedPublicConfig();
  let answer: unknown = inlined ? { data: inlined } : null;
  if (!answer)
    try {
      const res = await fetch(`${API_BASE}/v1/config`, { headers: { Accept: 'application/json' } });
      if (res.ok) answer = await res.json();
    } catch {
      answer = null;
    }
  const envKey: unknown = import.meta.env.VITE_REVERB_APP_KEY;
  return resolveRealtimeConfig(answer, window.location, envKey, import.meta.env.VITE_API_ORIGIN || null);
}
