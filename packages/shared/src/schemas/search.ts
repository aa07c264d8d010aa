import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import { PersonRefSchema } from './common.js';
import { CONTENT_LANGS, SEARCH_KINDS, SEARCH_LIMITS, SEARCH_MATCHES } from '../rules/search.js';

export * from '../rules/search.js';

const KIND = `(?:${SEARCH_KINDS.join('|')})`;

/** GET /v1/search: `q` (1..200 characters; one that folds to nothing finds nothing), kinds to look through. */
export const SearchQuerySchema = z.strictObject({
  q: z.string().trim().min(1).max(SEARCH_LIMITS.queryMax),
  /** Comma-separated kinds (people,posts,tribes,events); absent: all of them. */
  type: z
    .string()
    .regex(new RegExp(`^${KIND}(?:,${KIND})*$`), { error: 'validation.invalid' })
    .optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** An ISO 639-1 language code a post or comment may carry, or be translated to. */
export const ContentLangSchema = z.enum(CONTENT_LANGS);

/**
 * One hit of GET /v1/search, whatever its kind, flat so that every kind lists alike (the web groups them
 * by `kind`). `title`: the person's or tribe's name, the event's title, the post's author's name;
 * `snippet`: the post's text, the tribe's description, the event's place (up to 240 characters, from the
 * first match where it is far in); `path`: the web page it opens (a person: /user-profile/{id}; a tribe:
 * /tribes/{slug}; a post: its tribe's page /tribes/{slug}, or its author's profile outside a tribe; an
 * event: /events/{id}).
 */
export const SearchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  snippet: z.string(),
  path: z.string(),
  /** The person's avatar, the tribe's logo (or cover), the post's author's avatar, the event's cover. */
  image_url: z.string().nullable(),
  /** The tribe a post or event belongs to; null for people, tribes and public posts outside a tribe. */
  tribe: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
  /** A post's author; null for other kinds. */
  author: PersonRefSchema.nullable(),
  /** A post's detected (or corrected) language; null when unknown or for other kinds. */
  lang: z.string().nullable(),
  /** When the post was written, the tribe founded, the person joined; the event's start. */
  at: z.string().nullable(),
  match: z.enum(SEARCH_MATCHES),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** A page of hits, best first (exact, then prefix, then near matches; within each, the closer first). */
export const SearchPageSchema = z.object({ items: z.array(SearchHitSchema), next_cursor: z.string().nullable() });
export type SearchPage = z.infer<typeof SearchPageSchema>;

/** POST /v1/posts/{id}/translate and /v1/comments/{id}/translate. */
export const TranslateBodySchema = z.strictObject({ to: ContentLangSchema });
export type TranslateBody = z.infer<typeof TranslateBodySchema>;

/** A translation: the text in `to`, from the language the provider read (the stored `lang` when known). */
export const TranslationSchema = z.object({ text: z.string(), from: z.string(), to: z.string() });
export type Translation = z.infer<typeof TranslationSchema>;
