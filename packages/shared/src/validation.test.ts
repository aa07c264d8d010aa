import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RegisterBodySchema } from './schemas/auth.js';
import { translate } from './i18n/index.js';
import { issuesByField } from './validation.js';

describe('issuesByField', () => {
  it('maps zod issues to catalogue keys per field, with parameters', () => {
    const r = RegisterBodySchema.safeParse({
      name: 'A',
      email: 'x@y.co',
      password: 'short',
      password_confirmation: 'short',
      constructor: 1,
    });
    expect(r.success).toBe(false);
    const fields = issuesByField(r.success ? [] : r.error.issues);
    expect(fields.password).toEqual([{ key: 'validation.string_min', params: { min: 8, count: 8 } }]);
    expect(fields.constructor).toEqual([{ key: 'validation.unknown_field', params: {} }]);
  });

  it('passes the limit as count, so the message takes the plural form of the limit', () => {
    const r = z.object({ code: z.string().max(1), tag: z.string().max(11) }).safeParse({ code: 'ab', tag: 'x'.repeat(12) });
    const fields = issuesByField(r.success ? [] : r.error.issues);
    const say = (locale: 'en' | 'ar', field: string) => fields[field]!.map((m) => translate(locale, m.key, m.params));
    expect(say('en', 'code')).toEqual(['Must be at most 1 character.']);
    expect(say('ar', 'code')).toEqual(['يجب ألا يزيد على حرف واحد.']);
    expect(say('en', 'tag')).toEqual(['Must be at most 11 characters.']);
    expect(say('ar', 'tag')).toEqual(['يجب ألا يزيد على 11 حرفًا.']);
  });

  it('reports a body that is not an object under "body"', () => {
    const r = RegisterBodySchema.safeParse([]);
    expect(issuesByField(r.success ? [] : r.error.issues)).toEqual({ body: [{ key: 'validation.invalid_type', params: {} }] });
  });
});
