import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../components/inputs/password-field';
import { LocaleLink } from '../components/locale-link';
import { AuthCard } from '../features/auth/components/auth-card';
import { useSignInForm } from '../features/auth/use-auth-forms';
import { fieldProps } from '../lib/form-field';
import { TextField } from '../components/inputs/text-field';

/** /sign-in */
export default function SignInPage() {
  const { t } = useTranslation();
  const { form, onSubmit, pending } = useSignInForm();
  return (
    <AuthCard
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      footer={
        <Typography variant="body2">
          {t('signIn.noAccount')} <LocaleLink to="/sign-up">{t('signIn.createAccount')}</LocaleLink>
        </Typography>
      }
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('signIn.title')}>
        <TextField
          {...fieldProps(form, 'email')}
          label={t('form.email')}
          type="email"
          autoComplete="email"
          required
          htmlInput={{ dir: 'ltr' }}
        />
        <PasswordField {...fieldProps(form, 'password')} label={t('form.password')} autoComplete="current-password" required />
        <LocaleLink to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end' }}>
          {t('signIn.forgot')}
        </LocaleLink>
        <Button type="submit" variant="contained" size="large" disabled={pending} data-testid="sign-in-submit">
          {pending ? t('common.pleaseWait') : t('signIn.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
