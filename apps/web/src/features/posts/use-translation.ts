import { useMutation } from '@tanstack/react-query';
import { searchEndpoints, TRANSLATION_ERRORS, type Translation } from '@tribes/shared';
import { useState } from 'react';
import { api } from '../../app/api';
import { useLocale } from '../../app/locale-hooks';
import { ApiError } from '../../lib/api-client';
import { useTranslationOffered } from '../../lib/translation-config';

export type TranslateTarget = 'posts' | 'comments';

/**
 * The "Translate" action of a post or comment (DESIGN 11.5): offered when the site translates and the
 * text's language is known and not the reader's; the translation, and whether the original is shown.
 * A 503 (the provider failed) is said beside the text with a retry, not as a notice.
 */
export function useTextTranslation(target: TranslateTarget, id: string, lang: string | null) {
  const locale = useLocale();
  const other = lang !== null && lang !== locale;
  const offered = useTranslationOffered(other);
  const [translation, setTranslation] = useState<Translation | null>(null);
  const [showOriginal, setShowOriginal] = useState(false);
  const translate = useMutation({
    mutationFn: async () =>
      (
        await api.call(
          target === 'posts' ? searchEndpoints.translatePost : searchEndpoints.translateComment,
          { params: { id }, body: { to: locale } },
          { notifySuccess: false, quietStatuses: [503] },
        )
      ).data,
    onSuccess: (data) => {
      setTranslation(data);
      setShowOriginal(false);
    },
  });
  const error = translate.error;
  const unavailable = error instanceof ApiError && (error.status === 503 || error.errorType === TRANSLATION_ERRORS.unavailable);
  // A translation into another language (the reader changed theirs) is not shown.
  const current = translation && translation.to === locale ? translation : null;
  return {
    canTranslate: offered && other,
    translation: current && !showOriginal ? current : null,
    /** Translated once: the original is on show, and the translation a click away. */
    hasTranslation: current !== null,
    from: current?.from ?? lang,
    pending: translate.isPending,
    unavailable,
    translate: () => {
      if (current) setShowOriginal(false);
      else translate.mutate();
    },
    showOriginal: () => setShowOriginal(true),
  };
}
