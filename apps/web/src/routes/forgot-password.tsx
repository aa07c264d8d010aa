import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../components/locale-link';
import { AuthCard } from '../features/auth/components/auth-card';
import { useForgotPasswordForm } from '../features/auth/use-auth-forms';
import { fieldProps } from '../lib/form-field';
import { TextField } from '../components/inputs/text-field';

/** /forgot-password: asks for a code by email. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { form, onSubmit, pending } = useForgotPasswordForm();
  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={<LocaleLink to="/sign-in">{t('forgot.back')}</LocaleLink>}
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('forgot.title')}>
        <TextField
          {...fieldProps(form, 'email')}
          label={t('form.email')}
          type="email"
          autoComplete="email"
          required
          htmlInput={{ dir: 'ltr' }}
        />
        <Button type="submit" variant="contained" size="large" disabled={pending} data-testid="forgot-submit">
          {pending ? t('common.pleaseWait') : t('forgot.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
