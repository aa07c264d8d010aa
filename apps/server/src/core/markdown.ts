import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Lesson bodies, campaign stories and campaign updates: Markdown rendered with raw HTML disabled, then passed through an allowlist
 * sanitiser as a second wall, so neither a Markdown trick nor a future parser bug lets script,
 * styles, frames or javascript:/data: URLs through. Links open in a new tab without referrer.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
const SAFE_LINK = /^(https?:|mailto:|#)/i;
const SAFE_IMAGE = /^https:/i;
md.validateLink = (url: string) => {
  const trimmed = url.trim();
  return SAFE_LINK.test(trimmed) || SAFE_IMAGE.test(trimmed);
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    's',
    'del',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow ugc' },
    }),
  },
};

/** Markdown → safe HTML (a lesson body, a campaign's story or update). */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(md.render(markdown), OPTIONS);
}
