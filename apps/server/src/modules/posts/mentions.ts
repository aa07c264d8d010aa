/**
 * @mentions in a post's or comment's body (issue 15): after an `@`, the longest display name of the
 * people who may be mentioned that the text continues with, case-insensitively, ending where a word
 * ends (names have spaces and may be in any script). An `@` inside a word (a@b.example) is no mention.
 * Pure: the service asks the repo for the people whose name is one of `mentionCandidates(text)`, then
 * `matchMentions` picks among them.
 */

/** At most this many people are notified from one body. */
export const MAX_MENTIONS = 10;
/** Only the first `@`s of a body are read (a body of a thousand `@` costs no more than this). */
const MAX_AT_SIGNS = 30;
/** The longest name considered (users' names are at most 100 characters). */
const MAX_NAME_LENGTH = 100;

/** A letter, mark or digit of any script: a name neither starts an `@` inside one nor ends before one. */
const WORDISH = /[\p{L}\p{M}\p{N}]/u;
/** What may stand right before a mention's `@`: not a word character nor the parts of an address. */
const BEFORE_AT = /[\p{L}\p{M}\p{N}._%+\-@]/u;

export interface Mentionable {
  id: string;
  name: string;
}

const fold = (s: string) => s.normalize('NFC').toLowerCase();

/** Where each mention starts (the index after its `@`), in order. */
function mentionStarts(text: string): number[] {
  const starts: number[] = [];
  for (let i = text.indexOf('@'); i !== -1 && starts.length < MAX_AT_SIGNS; i = text.indexOf('@', i + 1)) {
    const before = i > 0 ? text[i - 1]! : '';
    const after = text[i + 1] ?? '';
    if (before && BEFORE_AT.test(before)) continue;
    if (!WORDISH.test(after)) continue;
    starts.push(i + 1);
  }
  return starts;
}

/** Whether a name may end at `end` of `text`: at the end, or before something that is not a letter or digit. */
const endsWord = (text: string, end: number) => end >= text.length || !WORDISH.test(text[end]!);

/**
 * Every text that could be a name after an `@` (each stretch up to a word's end, at most 100
 * characters), folded to lower case: what the repo matches names against.
 */
export function mentionCandidates(text: string): string[] {
  const found = new Set<string>();
  const normal = text.normalize('NFC');
  for (const start of mentionStarts(normal)) {
    const limit = Math.min(normal.length, start + MAX_NAME_LENGTH);
    for (let end = start + 1; end <= limit; end++) {
      if (endsWord(normal, end)) {
        const candidate = normal.slice(start, end).trimEnd();
        if (candidate) found.add(fold(candidate));
      }
    }
  }
  return [...found];
}

/**
 * The people the text mentions, in order of first mention, each once, at most MAX_MENTIONS: at each
 * `@`, the longest name among `people` that the text continues with and that ends where a word ends.
 */
export function matchMentions(text: string, people: Mentionable[]): string[] {
  const normal = text.normalize('NFC');
  const folded = fold(normal);
  // toLowerCase keeps lengths for the scripts names use; if a fold changed a length, fall back on the text as written.
  const haystack = folded.length === normal.length ? folded : normal;
  const byLength = people
    .map((p) => ({ id: p.id, name: haystack === folded ? fold(p.name.trim()) : p.name.trim().normalize('NFC') }))
    .filter((p) => p.name.length > 0)
    .sort((a, b) => b.name.length - a.name.length);
  const ids: string[] = [];
  for (const start of mentionStarts(normal)) {
    const hit = byLength.find((p) => haystack.startsWith(p.name, start) && endsWord(normal, start + p.name.length));
    if (hit && !ids.includes(hit.id)) ids.push(hit.id);
    if (ids.length === MAX_MENTIONS) break;
  }
  return ids;
}
