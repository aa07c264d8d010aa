// The posts module's rules without zod (limits, vocabularies, helpers): the web app reads them at run time
// without building the schemas of ../schemas/posts.ts, which it loads only when a form validates.

export const POST_LIMITS = {
  bodyMax: 5000,
  commentMax: 2000,
  reasonMax: 500,
  altMax: 300,
  maxImages: 4,
  imageMaxBytes: 10 * 1024 * 1024,
  imageMaxSide: 2048,
  /** The widths of the smaller copies the server stores of each photo (srcset; the data saver takes the first). */
  imageVariantWidths: [320, 640, 1280],
} as const;

export type PostToken =
  | { type: 'text'; value: string }
  | { type: 'link'; value: string; href: string }
  | { type: 'hashtag'; value: string; tag: string }
  | { type: 'mention'; value: string; name: string };

const TOKEN =
  /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}»])|(^|[^\p{L}\p{N}_])#([\p{L}\p{N}_]{1,50})|(^|[^\p{L}\p{N}_@.])@([\p{L}\p{N}_.]{1,50}[\p{L}\p{N}_])/gu;

/**
 * Splits post text into plain text, links, #hashtags and @mentions, in any script. Rendering is
 * the client's job; the server uses the same function to index hashtags.
 */
export function tokenizePost(text: string): PostToken[] {
  const out: PostToken[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const prev = out[out.length - 1];
    if (prev?.type === 'text') prev.value += value;
    else out.push({ type: 'text', value });
  };
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    if (m[1]) {
      pushText(text.slice(last, start));
      out.push({ type: 'link', value: m[1], href: m[1] });
      last = start + m[1].length;
    } else if (m[3]) {
      const lead = m[2] ?? '';
      pushText(text.slice(last, start + lead.length));
      out.push({ type: 'hashtag', value: `#${m[3]}`, tag: m[3].toLowerCase() });
      last = start + lead.length + 1 + m[3].length;
    } else if (m[5]) {
      const lead = m[4] ?? '';
      pushText(text.slice(last, start + lead.length));
      out.push({ type: 'mention', value: `@${m[5]}`, name: m[5] });
      last = start + lead.length + 1 + m[5].length;
    }
  }
  pushText(text.slice(last));
  return out;
}

/** The hashtags of a text, lower-cased and unique. */
export function hashtagsOf(text: string): string[] {
  return [...new Set(tokenizePost(text).flatMap((t) => (t.type === 'hashtag' ? [t.tag] : [])))];
}
