/**
 * Extra headers for every API request, contributed by features that must not be coupled to the API
 * client (the realtime connection adds X-Socket-Id). A provider returns {} when it has nothing.
 */
export type HeaderProvider = () => Record<string, string>;

const providers = new Set<HeaderProvider>();

/** Adds a provider; returns its removal. */
export function addRequestHeaders(provider: HeaderProvider): () => void {
  providers.add(provider);
  return () => {
    providers.delete(provider);
  };
}

/** The headers every provider gives now. */
export function requestHeaders(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const provider of providers) Object.assign(out, provider());
  return out;
}
