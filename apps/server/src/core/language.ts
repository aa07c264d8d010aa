import { franc } from 'franc';
import type { ContentLang } from '@tribes/shared';

// franc answers ISO 639-3; posts carry ISO 639-1. Arabic comes as Standard Arabic or a spoken variety.
const ISO1: Record<string, ContentLang> = {
  eng: 'en',
  arb: 'ar',
  ary: 'ar',
  arz: 'ar',
  apc: 'ar',
  fra: 'fr',
  heb: 'he',
  spa: 'es',
  deu: 'de',
  ita: 'it',
  por: 'pt',
  nld: 'nl',
  tur: 'tr',
  rus: 'ru',
  ukr: 'uk',
  pol: 'pl',
  pes: 'fa',
  urd: 'ur',
  hin: 'hi',
  cmn: 'zh',
  jpn: 'ja',
  kor: 'ko',
  swe: 'sv',
};
const ONLY = Object.keys(ISO1);

/** Below this many letters a guess is noise: the language stays unknown. */
const MIN_LETTERS = 12;

/**
 * The language of a text (ISO 639-1) among the ones posts may carry, detected without network (franc);
 * null when the text is too short or franc cannot tell.
 */
export function detectLanguage(text: string): ContentLang | null {
  // Links, mentions and hashtags are not the writer's language.
  const prose = text.replace(/https?:\/\/\S+|[@#][\p{L}\p{N}_.]+/gu, ' ');
  if ((prose.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) return null;
  return ISO1[franc(prose, { only: ONLY, minLength: MIN_LETTERS })] ?? null;
}
