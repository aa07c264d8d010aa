// Without zod: the web's API client (in the first page's JavaScript) builds URLs with these alone.

/** Fills `{name}` segments from params, each encoded: `/v1/tribes/{id}` → `/v1/tribes/atlas`. */
export function endpointPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call (`?a=1&b=x`), undefined values left out; '' when there is none. */
export function endpointQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    search.set(k, String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
