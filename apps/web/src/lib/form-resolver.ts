import { describeIssue, type Locale } from '@tribes/shared';
import { translate } from './server-messages';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

type Issue = Parameters<typeof describeIssue>[0];

/** What a zod schema's `safeParse` answers. */
export type Parsed<Out> = { success: true; data: Out } | { success: false; error: { issues: Issue[] } };

/** The part of a zod schema the resolver needs; a parser built lazily answers a promise. */
export interface SafeParser<Out> {
  safeParse(value: unknown): Parsed<Out> | Promise<Parsed<Out>>;
}

/** The shared schemas the forms validate with (lib/form-schemas.ts). */
export type FormSchemas = typeof import('./form-schemas');

let schemas: Promise<FormSchemas> | undefined;

/**
 * Loads the forms' schemas (and zod) once, in a chunk of their own: a page builds them when a form
 * first validates rather than when it starts (some 45 ms of a phone's main thread on every page).
 */
export function loadFormSchemas(): Promise<FormSchemas> {
  schemas ??= import('./form-schemas').catch((error: unknown) => {
    schemas = undefined; // offline and not cached yet: the next validation tries again
    throw error;
  });
  return schemas;
}

/**
 * A parser made of the shared schemas, built on its first use: `lazyParser((s) => s.LoginBodySchema)`.
 * When their chunk cannot load (offline before the service worker has it), the form is let through
 * as it is: the server checks it with the same schema and its 400 lands on the same fields, or the
 * request meets the offline handling every other request meets, rather than a form that silently
 * refuses to submit.
 */
export function lazyParser<Out>(build: (schemas: FormSchemas) => SafeParser<Out>): SafeParser<Out> {
  let parser: SafeParser<Out> | undefined;
  return {
    async safeParse(value) {
      if (!parser) {
        const schemas = await loadFormSchemas().catch(() => null);
        if (!schemas) return { success: true, data: value as Out };
        parser = build(schemas); // a mistake here is a bug to see, not a chunk to fetch again
      }
      return parser.safeParse(value);
    },
  };
}

/** Extra client rules (e.g. the fetched password policy): field → catalogue key + params, or nothing. */
export type ExtraRules<T> = (values: T) => Record<string, { key: string; params?: Record<string, string | number> }>;

/**
 * A react-hook-form resolver for the shared zod schemas: issues carry catalogue keys, translated
 * here with the same catalogue as the server so client and server say the same thing.
 */
export function schemaResolver<T extends FieldValues, Out extends FieldValues = T>(
  schema: SafeParser<Out>,
  locale: Locale,
  extra?: ExtraRules<T>,
): Resolver<T, unknown, Out> {
  return async (values) => {
    const errors: Record<string, FieldError> = {};
    const result = await schema.safeParse(values);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path.map(String).join('.') || 'root';
        if (errors[field]) continue;
        const { key, params } = describeIssue(issue);
        errors[field] = { type: issue.code, message: translate(locale, key, params) };
      }
    }
    for (const [field, rule] of Object.entries(extra?.(values) ?? {})) {
      errors[field] ??= { type: 'policy', message: translate(locale, rule.key, rule.params) };
    }
    if (Object.keys(errors).length > 0 || !result.success) {
      return { values: {}, errors: errors as FieldErrors<T> };
    }
    return { values: result.data, errors: {} };
  };
}

/**
 * A shared schema whose empty fields say "This field is required." rather than "invalid": the form
 * keeps an untouched number as null, which the schema rightly refuses as a wrong type.
 */
export function requiredWhenEmpty<Out>(schema: SafeParser<Out>): SafeParser<Out> {
  return {
    async safeParse(values) {
      const result = await schema.safeParse(values);
      if (result.success) return result;
      const record = (typeof values === 'object' && values !== null ? values : {}) as Record<string, unknown>;
      const issues = result.error.issues.map((issue) => {
        const v = issue.path.length === 1 ? record[String(issue.path[0])] : undefined;
        const empty = v === null || (typeof v === 'string' && v.trim() === '');
        return empty ? { ...issue, message: 'validation.required' } : issue;
      });
      return { success: false, error: { issues } };
    },
  };
}

/** A form's errors by field name ("amount", "milestones.0.title"), as a resolver answers them. */
export type FlatFieldErrors = Record<string, FieldError | undefined>;

/**
 * A resolver, then the form's own wording and rules on top: `refine` receives the values and the
 * schema's errors and answers the errors to show (rewording a field, or adding a rule the schema
 * cannot know, such as the wallet's balance). No error left: the schema's parsed values go through.
 */
export function refineResolver<T extends FieldValues, Out extends FieldValues>(
  base: Resolver<T, unknown, Out>,
  refine: (values: T, errors: FlatFieldErrors) => FlatFieldErrors,
): Resolver<T, unknown, Out> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const errors = Object.fromEntries(
      Object.entries(refine(values, { ...(result.errors as FlatFieldErrors) })).filter(([, e]) => e !== undefined),
    );
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<T> } : result;
  };
}
