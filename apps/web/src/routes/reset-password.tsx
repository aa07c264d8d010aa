import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../components/inputs/new-password-fields';
import { usePasswordPolicy } from '../features/auth/api';
import { AuthCard } from '../features/auth/components/auth-card';
import { useResetPasswordForm } from '../features/auth/use-auth-forms';

/** /reset-password: only after a verified forgot-password code (the guard checks). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
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
        <NewPasswordFields form={form} policy={policy.data} policyLoading={policy.isPending} label={t('form.newPassword')} />
        <Button type="submit" variant="contained" size="large" disabled={pending} data-testid="reset-submit">
          {pending ? t('common.pleaseWait') : t('reset.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
