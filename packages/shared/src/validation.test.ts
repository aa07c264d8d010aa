import { describe, expect, it } from 'vitest';
import { RegisterBodySchema } from './schemas/auth.js';
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
    expect(fields.password).toEqual([{ key: 'validation.string_min', params: { min: 8 } }]);
    expect(fields.constructor).toEqual([{ key: 'validation.unknown_field', params: {} }]);
  });

  it('reports a body that is not an object under "body"', () => {
    const r = RegisterBodySchema.safeParse([]);
    expect(issuesByField(r.success ? [] : r.error.issues)).toEqual({ body: [{ key: 'validation.invalid_type', params: {} }] });
  });
});
