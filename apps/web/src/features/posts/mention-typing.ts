/**
 * The @mention being typed in a post or comment (issue 15): what the composer's suggestions look
 * for, and how a picked name goes into the text. The server (modules/posts/mentions.ts) reads the
 * same rule back: an `@` not inside a word or an address, then a member's display name.
 */

/** What may stand right before a mention's `@`: a word character or a part of an address. */
const BEFORE_AT = /[\p{L}\p{M}\p{N}._%+\-@]/u;
/** The longest query read after an `@` (names are at most 100 characters; suggestions need less). */
const MAX_QUERY = 40;

export interface TypedMention {
  /** Index of the `@`. */
  at: number;
  /** What follows it up to the caret (may hold spaces: names do). */
  query: string;
}

/**
 * The mention the caret stands in, if any: the nearest `@` before the caret on the same line, not
 * inside a word, followed by at most MAX_QUERY characters and at most two spaces, none doubled nor
 * last (a space typed after a name, or after a picked one, ends the mention until a letter follows).
 */
export function typedMention(text: string, caret: number): TypedMention | null {
  const line = text.lastIndexOf('\n', caret - 1) + 1;
  const at = text.lastIndexOf('@', caret - 1);
  if (at < line) return null;
  const query = text.slice(at + 1, caret);
  if (query.length > MAX_QUERY || /^\s|\s\s|\s$|@/.test(query) || (query.match(/\s/g)?.length ?? 0) > 2) return null;
  const before = at > 0 ? text[at - 1]! : '';
  if (before && BEFORE_AT.test(before)) return null;
  return { at, query };
}

/** The text with the typed mention replaced by `@name ` and the caret after it. */
export function insertMention(text: string, mention: TypedMention, caret: number, name: string) {
  const head = `${text.slice(0, mention.at)}@${name}`;
  const tail = text.slice(caret);
  const glue = tail.startsWith(' ') ? '' : ' ';
  return { text: `${head}${glue}${tail}`, caret: head.length + 1 };
}
