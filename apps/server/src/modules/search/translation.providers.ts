import type { TranslationSettings } from '#src/core/config.js';

/** What a provider returns: the text in the target language and the language it read (ISO 639-1). */
export interface ProviderTranslation {
  text: string;
  from: string;
}

/** A translation provider (DESIGN 11.5). `from` null: the provider detects the language. Rejects on any failure. */
export interface TranslationProvider {
  name: 'libretranslate' | 'deepl';
  translate(text: string, from: string | null, to: string): Promise<ProviderTranslation>;
}

/** The provider failed (an HTTP error, a timeout, an answer not understood); the message never holds the key. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

async function postJson(url: string, body: unknown, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new ProviderError(`request failed: ${(err as Error).name}`);
  }
  if (!res.ok) throw new ProviderError(`answered ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new ProviderError('answer is not JSON');
  }
}

/** LibreTranslate: POST {url}/translate { q, source, target, format, api_key? } → { translatedText, detectedLanguage? }. */
export function libreTranslate(settings: { url: string; apiKey: string | undefined; timeoutMs: number }): TranslationProvider {
  const endpoint = new URL('translate', settings.url.endsWith('/') ? settings.url : `${settings.url}/`).href;
  return {
    name: 'libretranslate',
    async translate(text, from, to) {
      const answer = (await postJson(
        endpoint,
        { q: text, source: from ?? 'auto', target: to, format: 'text', ...(settings.apiKey ? { api_key: settings.apiKey } : {}) },
        {},
        settings.timeoutMs,
      )) as { translatedText?: unknown; detectedLanguage?: { language?: unknown } };
      if (typeof answer?.translatedText !== 'string') throw new ProviderError('no translatedText');
      const detected = answer.detectedLanguage?.language;
      return { text: answer.translatedText, from: from ?? (typeof detected === 'string' ? detected : 'auto') };
    },
  };
}

/** DeepL: POST {url}/v2/translate { text: [..], target_lang, source_lang? } with its key in the Authorization header. */
export function deepl(settings: { url: string; apiKey: string; timeoutMs: number }): TranslationProvider {
  const endpoint = new URL('v2/translate', settings.url.endsWith('/') ? settings.url : `${settings.url}/`).href;
  return {
    name: 'deepl',
    async translate(text, from, to) {
      const answer = (await postJson(
        endpoint,
        { text: [text], target_lang: to.toUpperCase(), ...(from ? { source_lang: from.toUpperCase() } : {}) },
        { authorization: `DeepL-Auth-Key ${settings.apiKey}` },
        settings.timeoutMs,
      )) as { translations?: { text?: unknown; detected_source_language?: unknown }[] };
      const first = answer?.translations?.[0];
      if (typeof first?.text !== 'string') throw new ProviderError('no translations');
      const detected = typeof first.detected_source_language === 'string' ? first.detected_source_language.toLowerCase() : null;
      return { text: first.text, from: from ?? detected ?? 'auto' };
    },
  };
}

/** The provider the settings name, or null when translation is off. */
export function createTranslationProvider(settings: TranslationSettings | null): TranslationProvider | null {
  if (!settings) return null;
  return settings.provider === 'deepl' ? deepl(settings) : libreTranslate(settings);
}
