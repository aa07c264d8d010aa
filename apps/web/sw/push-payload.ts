/** A push as the server sends it (DESIGN 10.3), in the member's language. */
export interface PushMessage {
  type: string;
  title: string;
  body: string;
  url: string;
}

/** The message of a push's text; null for anything else (nothing is shown). */
export function readPush(text: string): PushMessage | null {
  try {
    const data = JSON.parse(text) as Partial<Record<keyof PushMessage, unknown>>;
    if (typeof data.title !== 'string' || typeof data.body !== 'string') return null;
    return {
      type: typeof data.type === 'string' ? data.type : 'notification',
      title: data.title,
      body: data.body,
      url: typeof data.url === 'string' ? data.url : '/',
    };
  } catch {
    return null;
  }
}

/**
 * The page a notification opens, on this app's own origin: the path of the push's URL (the server
 * writes PUBLIC_URL's host, which may not be the host this browser uses); never another site.
 */
export function notificationTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const parsed = new URL(url, origin);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `${origin}/`;
    return `${origin}${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return `${origin}/`;
  }
}
