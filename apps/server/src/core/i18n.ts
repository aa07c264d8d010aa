import type { FastifyRequest } from 'fastify';
import { pickLocale, translate, type Locale, type MessageKey, type MessageParams } from '@tribes/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reader's language, from Accept-Language. */
    locale: Locale;
  }
}

/** Resolves the request's locale once; messages of the answer follow it. */
export function requestLocale(request: FastifyRequest): Locale {
  return pickLocale(request.headers['accept-language']);
}

/** Translates a catalogue key into the request's language. */
export function t(request: FastifyRequest, key: MessageKey, params?: MessageParams): string {
  return translate(request.locale ?? 'en', key, params);
}
