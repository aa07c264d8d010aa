// Search and translation rules without zod (DESIGN 11.5): the folding the server applies when it stores
// and when it asks, and the web when it highlights; the kinds, limits, languages and error types.

/** What GET /v1/search looks through (its `type` filter, comma-separated; each hit's `kind`). */
export const SEARCH_KINDS = ['people', 'posts', 'tribes', 'events'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** How a hit matched, best first: the whole query as words, every word (the last as a prefix), or near (trigrams). */
export const SEARCH_MATCHES = ['exact', 'prefix', 'near'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

export const SEARCH_LIMITS = {
  /** The longest query, in characters, before folding. */
  queryMax: 200,
  /** How deep paging goes: results past this many are not served (a narrower query finds them). */
  maxResults: 500,
  /** The longest snippet of a post or tribe description in a hit, in characters. */
  snippetMax: 240,
} as const;

/**
 * Languages a post or comment may be marked with and translated to (ISO 639-1). The five of the interface
 * first; the others are languages members commonly write that franc tells apart.
 */
export const CONTENT_LANGS = [
  'en',
  'ar',
  'fr',
  'he',
  'es',
  'de',
  'it',
  'pt',
  'nl',
  'tr',
  'ru',
  'uk',
  'pl',
  'fa',
  'ur',
  'hi',
  'zh',
  'ja',
  'ko',
  'sv',
] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];

/** The `error_type` values of search and translation answers. */
export const TRANSLATION_ERRORS = {
  /** 409: this site has no TRANSLATE_PROVIDER (the web shows no Translate action then). */
  disabled: 'translation_disabled',
  /** 403: a tribe-only post or comment of a tribe that does not allow its content to be sent to the provider. */
  notAllowed: 'translation_not_allowed',
  /** 503: the provider failed or took too long; nothing is cached, a later try may succeed. */
  unavailable: 'translation_unavailable',
} as const;

// U+064B–U+065F harakat and U+0670 superscript alef are combining marks (\p{M}), like Latin accents and
// Hebrew niqqud; the rest of U+0591–U+05C7 (cantillation punctuation) is removed by its range.
const MARKS = /[\p{M}\u0591-\u05BD\u05BF-\u05C7\u0640]/gu;
const LETTERS: Record<string, string> = {
  '\u0623': '\u0627', // أ
  '\u0625': '\u0627', // إ
  '\u0622': '\u0627', // آ
  '\u0671': '\u0627', // ٱ
  '\u0649': '\u064A', // ى → ي
  '\u0629': '\u0647', // ة → ه
  '\u03C2': '\u03C3', // ς → σ: the final sigma, so one letter folds alike wherever it stands
};
const SPACE = /^[\s\u05BE]$/u; // Hebrew maqaf joins words like a hyphen: it separates them here

function foldChar(ch: string): string {
  let out = '';
  for (const c of ch.normalize('NFKD').toLowerCase().replace(MARKS, '')) out += LETTERS[c] ?? c;
  return out;
}

/**
 * The folded text and, for each of its UTF-16 units, the index in the original text of the character it
 * came from (so the web can highlight the original where the folded text matched).
 */
export function foldTextWithOffsets(text: string): { folded: string; offsets: number[] } {
  let folded = '';
  const offsets: number[] = [];
  let pendingSpace = -1;
  let index = 0;
  for (const ch of text) {
    const at = index;
    index += ch.length;
    if (SPACE.test(ch)) {
      if (folded.length > 0 && pendingSpace < 0) pendingSpace = at;
      continue;
    }
    const f = foldChar(ch);
    if (!f) continue;
    if (pendingSpace >= 0) {
      folded += ' ';
      offsets.push(pendingSpace);
      pendingSpace = -1;
    }
    folded += f;
    for (let i = 0; i < f.length; i++) offsets.push(at);
  }
  return { folded, offsets };
}

/**
 * Folds text for search, the one way used when storing and when asking (DESIGN 11.5): NFKD, lower case,
 * combining marks removed (accents, Arabic harakat and U+0670, Hebrew niqqud and cantillation), tatweel
 * removed, أ إ آ ٱ → ا, ى → ي, ة → ه, runs of white space as one space, trimmed.
 */
export function foldText(text: string): string {
  return foldTextWithOffsets(text).folded;
}

/**
 * Where the folded query's words occur in `text`, as [start, end) ranges of the original text, for
 * highlighting: every occurrence of each word (the last one as a prefix too), merged and sorted.
 */
export function highlightRanges(text: string, query: string): [number, number][] {
  const words = foldText(query).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const { folded, offsets } = foldTextWithOffsets(text);
  const ranges: [number, number][] = [];
  for (const word of words) {
    for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + word.length)) {
      const last = at + word.length - 1;
      const start = offsets[at] ?? 0;
      const lastStart = offsets[last] ?? start;
      // The end is past the whole original character the last folded unit came from (a surrogate pair, a mark).
      let end = lastStart + (text.codePointAt(lastStart)! > 0xffff ? 2 : 1);
      while (end < text.length && /\p{M}/u.test(text[end]!)) end++;
      ranges.push([start, end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const prev = merged[merged.length - 1];
    if (prev && r[0] <= prev[1]) prev[1] = Math.max(prev[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** The folded words of a text, split at anything that is neither a letter nor a digit: what search matches. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
