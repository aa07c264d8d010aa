import { PASSWORD_POLICY, type PasswordPolicy } from '@tribes/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadServerMessages, translate } from './server-messages';
import { policyIssue, policyRules } from './password-policy';

/** The served policy with other lengths. */
const policy = (min: number, max: number): PasswordPolicy => ({ ...PASSWORD_POLICY, min_length: min, max_length: max });

describe('password policy rules', () => {
  beforeAll(() => Promise.all((['en', 'ar', 'he'] as const).map(loadServerMessages)));

  it('pass the length as count, so each language says it in the right plural form', () => {
    const say = (locale: 'en' | 'ar' | 'he', p: PasswordPolicy) =>
      policyRules(p).map((rule) => translate(locale, rule.key, rule.params));
    expect(say('en', policy(1, 12))).toEqual(['Must be at least 1 character.', 'Must be at most 12 characters.']);
    expect(say('he', policy(2, 64))).toEqual(['נדרשים לפחות שני תווים.', 'מותרים לכל היותר 64 תווים.']);
    expect(say('ar', policy(8, 64))).toEqual(['يجب ألا يقل عن 8 أحرف.', 'يجب ألا يزيد على 64 حرفًا.']);
  });

  it('names the first broken rule with its count', () => {
    expect(policyIssue('short', policy(8, 64))).toEqual({ key: 'validation.string_min', params: { min: 8, count: 8 } });
  });
});
