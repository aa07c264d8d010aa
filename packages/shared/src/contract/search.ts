import { IdParamsSchema } from '../schemas/common.js';
import { SearchPageSchema, SearchQuerySchema, TranslateBodySchema, TranslationSchema } from '../schemas/search.js';
import { TRANSLATION_ERRORS as E } from '../rules/search.js';
import { endpoint } from './endpoint.js';

/**
 * Search and translation (DESIGN 11.5).
 *
 * Search looks through people, posts, tribes and events the caller may see: tribe-only posts and events
 * for the tribe's active members only, nothing of a suspended account or tribe, nothing by or of a person
 * across a block either way. Text is folded alike when stored and when asked (`foldText`), the last word
 * matches as a prefix, and hits come best first: exact, prefix, near (trigram similarity).
 *
 * Translation goes through the site's provider (TRANSLATE_PROVIDER; unset: 409 translation_disabled and
 * `translation.enabled` false in /v1/config), cached per version of the text and target language: an edit
 * makes the next request go to the provider again. A tribe-only text is sent only when its tribe allows
 * translation (403 translation_not_allowed). A provider failure or timeout is 503 translation_unavailable.
 * A text already in `to` comes back as it is; one of unknown language is left to the provider to detect.
 */

const tags = ['search'] as const;

const translate = (target: 'posts' | 'comments', summary: string) =>
  endpoint({
    method: 'POST',
    path: `/v1/${target}/{id}/translate`,
    summary,
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: TranslateBodySchema,
    data: TranslationSchema,
    errors: [401, 403, 404, 409, 503],
    errorTypes: [E.disabled],
  });

export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/v1/search',
    summary:
      'People, posts, tribes and events the caller may see matching q (folded: case, accents, Arabic and Hebrew ' +
      'marks and letter forms; the last word as a prefix), best first, page by page.',
    tags,
    auth: 'optional',
    query: SearchQuerySchema,
    data: SearchPageSchema,
    errors: [],
  }),
  translatePost: translate('posts', "Translates a post the reader may see into `to` (the reader's language)."),
  translateComment: translate('comments', "Translates a comment the reader may see into `to` (the reader's language)."),
} as const;
