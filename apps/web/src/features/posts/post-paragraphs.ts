import { tokenizePost, type PostToken } from '@tribes/shared';

/** A post's text as paragraphs (split on blank lines) of tokens, each paragraph keeping its own direction. */
export function postParagraphs(text: string): PostToken[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => tokenizePost(p));
}

/** The explore search for a hashtag: /explore?q=%23tag. */
export const hashtagPath = (tag: string) => `/explore?q=${encodeURIComponent(`#${tag}`)}`;
