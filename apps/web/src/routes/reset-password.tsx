import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../components/inputs/password-field';
import { usePasswordPolicy } from '../features/auth/api';
import { AuthCard } from '../features/auth/components/auth-card';
import { PasswordRules } from '../features/auth/components/password-rules';
import { besideRules } from '../lib/password-policy';
import { useLocale } from '../app/locale-hooks';
import { useResetPasswordForm } from '../features/auth/use-auth-forms';
import { fieldProps } from '../lib/form-field';

/** /reset-password: only after a verified forgot-password code (the guard checks). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const policy = usePasswordPolicy();
  const { form, onSubmit, pending, email } = useResetPasswordForm(policy.data);
  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={
        <span>
          {t('reset.subtitle')} <bdi dir="ltr">{email}</bdi>
        </span>
      }
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('reset.title')}>
        <PasswordField
          {...besideRules(fieldProps(form, 'password'), policy.data, locale, 'password-rules')}
          label={t('form.newPassword')}
          autoComplete="new-password"
          required
        />
        <PasswordRules
          policy={policy.data}
          loading={policy.isPending}
          password={form.watch('password')}
          id="password-rules"
          invalid={Boolean(form.formState.errors.password)}
        />
        <PasswordField
          {...fieldProps(form, 'password_confirmation')}
          label={t('form.passwordConfirmation')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={pending} data-testid="reset-submit">
          {pending ? t('common.pleaseWait') : t('reset.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
