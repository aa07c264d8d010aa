import type { InputHTMLAttributes, ReactNode } from 'react';
import { type Locale, type PasswordPolicy } from '@tribes/shared';
import type { ExtraRules } from './form-resolver';
import { translate } from './server-messages';

export interface PolicyRule {
  key: string;
  params?: Record<string, number>;
  test(password: string): boolean;
}

/** The rules of a fetched password policy (specification section 5), as catalogue keys. */
export function policyRules(policy: PasswordPolicy): PolicyRule[] {
  const rules: PolicyRule[] = [
    {
      key: 'validation.string_min',
      params: { min: policy.min_length, count: policy.min_length },
      test: (p) => [...p].length >= policy.min_length,
    },
  ];
  if (policy.max_length)
    rules.push({
      key: 'validation.string_max',
      params: { max: policy.max_length, count: policy.max_length },
      test: (p) => [...p].length <= policy.max_length,
    });
  if (policy.require_lowercase) rules.push({ key: 'validation.password_lowercase', test: (p) => /\p{Ll}/u.test(p) });
  if (policy.require_uppercase) rules.push({ key: 'validation.password_uppercase', test: (p) => /\p{Lu}/u.test(p) });
  if (policy.require_numeric) rules.push({ key: 'validation.password_numeric', test: (p) => /\p{Nd}/u.test(p) });
  if (policy.require_non_alphanumeric)
    rules.push({ key: 'validation.password_non_alphanumeric', test: (p) => /[^\p{L}\p{N}]/u.test(p) });
  return rules;
}

/** The first rule a password breaks, or null; nothing is enforced when the policy says OFF. */
export function policyIssue(password: string, policy: PasswordPolicy): { key: string; params?: Record<string, number> } | null {
  if (policy.enforcement === 'OFF' || policy.schema_version !== 1) return null;
  const broken = policyRules(policy).find((r) => !r.test(password));
  return broken ? { key: broken.key, params: broken.params } : null;
}

/** What a new-password field needs from its props to sit beside the checklist of PasswordRules. */
interface FieldBesideRules {
  helperText?: ReactNode;
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * A new-password field beside the policy checklist (PasswordRules with id `rulesId`): the field is
 * described by the checklist, and a broken policy rule is said once, by its checklist line, rather
 * than again under the field. Other errors (a server message, a mismatch) stay under the field.
 */
export function besideRules<P extends FieldBesideRules>(
  props: P,
  policy: PasswordPolicy | undefined,
  locale: Locale,
  rulesId: string,
): P {
  const shown = policy && policy.enforcement !== 'OFF' ? policyRules(policy).map((r) => translate(locale, r.key, r.params)) : [];
  const repeated = typeof props.helperText === 'string' && shown.includes(props.helperText);
  return {
    ...props,
    helperText: repeated ? undefined : props.helperText,
    htmlInput: { ...props.htmlInput, 'aria-describedby': shown.length > 0 ? rulesId : undefined },
  };
}

/** The fetched password policy as an extra rule on the password field. */
export function passwordRules<T extends { password: string }>(policy: PasswordPolicy | undefined): ExtraRules<T> {
  return (values) => {
    const issue = policy ? policyIssue(values.password, policy) : null;
    const out: ReturnType<ExtraRules<T>> = {};
    if (issue) out.password = issue;
    return out;
  };
}
