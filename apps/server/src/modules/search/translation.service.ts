import { TRANSLATION_ERRORS, type ContentLang, type Translation } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { conflict, HttpError, notFound } from '#src/core/errors.js';
import type { SearchRepo } from './search.repo.js';
import type { TranslationProvider } from './translation.providers.js';

export interface TranslationServiceDeps {
  repo: Pick<SearchRepo, 'readable' | 'cachedTranslation' | 'keepTranslation'>;
  provider: TranslationProvider | null;
  clock: Clock;
  /** Where a provider failure is told to operators (its name and status, never the text or the key). */
  warn: (fields: Record<string, unknown>, message: string) => void;
}

/**
 * Translation of posts and comments (DESIGN 11.5): through the provider once per version of the text and
 * target language, from the cache after that; a tribe-only text only when its tribe allows it.
 */
export function createTranslationService({ repo, provider, clock, warn }: TranslationServiceDeps) {
  return {
    /** Whether this site offers translation (GET /v1/config). */
    enabled: provider !== null,

    async translate(kind: 'post' | 'comment', id: string, to: ContentLang, viewerId: string): Promise<Translation> {
      // What the reader may not see is absent (404) whatever the site offers; then the site's offer, then the tribe's.
      const text = await repo.readable(kind, id, { viewerId, now: clock.now() });
      if (!text) throw notFound();
      if (!provider) throw conflict(TRANSLATION_ERRORS.disabled, 'errors.translation_disabled');
      if (!text.mayTranslate)
        throw new HttpError(403, 'errors.translation_not_allowed', {}, undefined, {}, TRANSLATION_ERRORS.notAllowed);
      if (text.lang === to) return { text: text.body, from: to, to };
      const cached = await repo.cachedTranslation(kind, id, to);
      if (cached && cached.version === text.version) return { text: cached.text, from: cached.source, to };
      let result;
      try {
        result = await provider.translate(text.body, text.lang, to);
      } catch (err) {
        warn({ provider: provider.name, reason: (err as Error).message }, 'translation provider failed');
        throw new HttpError(503, 'errors.translation_unavailable', {}, undefined, {}, TRANSLATION_ERRORS.unavailable);
      }
      await repo.keepTranslation({
        subjectType: kind,
        subjectId: id,
        target: to,
        version: text.version,
        source: result.from,
        text: result.text,
        createdAt: clock.now(),
      });
      return { text: result.text, from: result.from, to };
    },
  };
}

export type TranslationService = ReturnType<typeof createTranslationService>;
