import { usePublicConfig } from './public-config';

/**
 * Whether this site offers translation of posts and comments (GET /v1/config's `translation.enabled`).
 * `needed` false (a text in the reader's language): the configuration is not even asked for.
 */
export function useTranslationOffered(needed: boolean): boolean {
  return usePublicConfig(needed).data?.translation?.enabled ?? false;
}
