import { translate } from '@tribes/shared';
import { describe, expect, it } from 'vitest';
import { tooManyRequests } from './errors.js';

describe('tooManyRequests', () => {
  it('rounds the wait up to whole seconds and passes it as the count that picks the plural form', () => {
    const error = tooManyRequests(0.2);
    expect(error.statusCode).toBe(429);
    expect(error.headers['retry-after']).toBe('1');
    expect(error.params).toEqual({ seconds: 1, count: 1 });
    const say = (locale: 'en' | 'fr' | 'he' | 'ar', seconds: number) => {
      const e = tooManyRequests(seconds);
      return translate(locale, e.messageKey, e.params);
    };
    expect(say('en', 1)).toBe('Too many requests. Please try again in 1 second.');
    expect(say('fr', 0.5)).toBe('Trop de requêtes. Réessayez dans 1 seconde.');
    expect(say('he', 2)).toBe('יותר מדי בקשות. נסו שוב בעוד שתי שניות.');
    expect(say('ar', 11)).toBe('طلبات كثيرة جدًا. حاول مرة أخرى بعد 11 ثانيةً.');
    expect(say('ar', 300)).toBe('طلبات كثيرة جدًا. حاول مرة أخرى بعد 300 ثانية.');
  });
});
