import type { PasswordPolicy } from '@tribes/shared';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/locale-hooks';
import { fieldProps } from '../../lib/form-field';
import { besideRules } from '../../lib/password-policy';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

/** The two fields a form with a new password has. */
export interface NewPasswordValues {
  password: string;
  password_confirmation: string;
}

/**
 * A new password and its confirmation, each with show/hide, and between them the fetched policy as
 * a live checklist (a broken rule said by its line, other errors under the field): one group for
 * sign-up, reset password and change password.
 */
export function NewPasswordFields<T extends FieldValues & NewPasswordValues, C, O extends FieldValues>({
  form,
  policy,
  policyLoading,
  label,
}: {
  form: UseFormReturn<T, C, O>;
  policy: PasswordPolicy | undefined;
  /** The policy is on its way (its checklist holds a line for it). */
  policyLoading: boolean;
  /** The new password's label: "Password" on sign-up, "New password" elsewhere. */
  label: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The group knows only its two fields, which every form it sits in has.
  const fields = form as unknown as UseFormReturn<NewPasswordValues>;
  return (
    <>
      <PasswordField
        {...besideRules(fieldProps(fields, 'password'), policy, locale, 'password-rules')}
        label={label}
        autoComplete="new-password"
        required
      />
      <PasswordRules
        policy={policy}
        loading={policyLoading}
        password={fields.watch('password')}
        id="password-rules"
        invalid={Boolean(fields.formState.errors.password)}
      />
      <PasswordField
        {...fieldProps(fields, 'password_confirmation')}
        label={t('form.passwordConfirmation')}
        autoComplete="new-password"
        required
      />
    </>
  );
}
