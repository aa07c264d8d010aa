import type { z } from 'zod';
import { isMessageKey, type MessageParams } from './i18n/keys.js';
import type { MessageKey } from './i18n/en.js';

/** A finalised issue reduced to what translation needs. */
export interface IssueMessage {
  key: MessageKey;
  params: MessageParams;
}

/** The catalogue key and interpolation values of a zod issue. */
export function describeIssue(issue: z.core.$ZodIssue): IssueMessage {
  const key: MessageKey = isMessageKey(issue.message) ? issue.message : 'validation.invalid';
  const params: MessageParams = {};
  // `count` picks the plural form of the message (validation.string_min: "1 character", "8 characters").
  if ('minimum' in issue) params.min = params.count = Number(issue.minimum);
  if ('maximum' in issue) params.max = params.count = Number(issue.maximum);
  if ('values' in issue && Array.isArray(issue.values)) params.values = issue.values.map(String).join(', ');
  return { key, params };
}

/**
 * Flattens issues into the API's errors map: { field: [issue, ...] }. An unknown key is reported
 * on the key itself; an issue on the whole body is reported under "body".
 */
export function issuesByField(issues: readonly z.core.$ZodIssue[]): Record<string, IssueMessage[]> {
  // A null-prototype map: a field named "constructor" or "__proto__" is just a field.
  const out: Record<string, IssueMessage[]> = Object.create(null) as Record<string, IssueMessage[]>;
  const push = (field: string, message: IssueMessage) => {
    if (!Object.prototype.hasOwnProperty.call(out, field)) out[field] = [];
    out[field]!.push(message);
  };
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) push(base ? `${base}.${k}` : k, describeIssue(issue));
    } else {
      push(base || 'body', describeIssue(issue));
    }
  }
  return { ...out };
}
