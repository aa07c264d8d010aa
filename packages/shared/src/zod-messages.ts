/**
 * Zod's messages as catalogue keys, for every schema (a module run for its effect). Imported by the schemas'
 * common module, so it runs wherever schemas are built: on the server at its start, in the browser with the
 * forms' schemas; not by the package's index, so a page that only uses a helper of the package (an issue's
 * description, a limit) does not load zod (issue 42: zod was on /sign-in's first load for this alone).
 */
import { z } from 'zod';
import type { MessageKey } from './i18n/en.js';

/**
 * Every zod issue carries a message key of the catalogue rather than English text, so the server
 * and the web app translate the same key into the reader's language. Schemas that need a special
 * message pass a key of their own (`{ error: 'validation.email' }`); everything else lands here.
 */
function keyForIssue(issue: z.core.$ZodRawIssue): MessageKey {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'validation.required';
      if (issue.expected === 'int' && typeof issue.input === 'number') return 'validation.integer';
      return 'validation.invalid_type';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.string_min';
      return 'validation.number_min';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.string_max' : 'validation.number_max';
    case 'invalid_format':
      return issue.format === 'email' ? 'validation.email' : 'validation.invalid';
    case 'unrecognized_keys':
      return 'validation.unknown_field';
    case 'invalid_value':
      return 'validation.one_of';
    default:
      return 'validation.invalid';
  }
}

z.config({ customError: (issue) => keyForIssue(issue) });
