import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './error-handler.js';

/** Paths of strings holding a NUL character, which PostgreSQL text cannot store. */
function nulPaths(
  value: unknown,
  path: (string | number)[] = [],
  out: (string | number)[][] = [],
  depth = 0,
): (string | number)[][] {
  if (depth > 20 || out.length > 20) return out;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, [...path, i], out, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nulPaths(v, [...path, k], out, depth + 1);
  }
  return out;
}

type Parsed<T> = { value: T; error?: undefined } | { value?: undefined; error: RequestValidationError };

/** Parses data with a schema after refusing NUL characters: the one validation path of the API. */
export function validate<T extends z.ZodType>(schema: T, data: unknown): Parsed<z.output<T>> {
  const nul = nulPaths(data);
  if (nul.length > 0) {
    return {
      error: new RequestValidationError(
        nul.map((path) => ({ code: 'custom', path, message: 'validation.invalid', input: undefined }) as z.core.$ZodIssue),
      ),
    };
  }
  const result = schema.safeParse(data);
  return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
}

/** Like validate, for handlers that read their input themselves (multipart): throws the 400. */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const parsed = validate(schema, data);
  if (parsed.error) throw parsed.error;
  return parsed.value as z.output<T>;
}

/**
 * Validates every request part with its zod schema; issues go to the error handler, which
 * translates them. A NUL character anywhere is refused up front, for every route at once.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    validate(schema, data);
