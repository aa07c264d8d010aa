import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../components/inputs/password-field';
import { LocaleLink } from '../components/locale-link';
import { usePasswordPolicy } from '../features/auth/api';
import { AuthCard } from '../features/auth/components/auth-card';
import { PasswordRules } from '../features/auth/components/password-rules';
import { besideRules } from '../lib/password-policy';
import { useLocale } from '../app/locale-hooks';
import { useSignUpForm } from '../features/auth/use-auth-forms';
import { fieldProps } from '../lib/form-field';
import { TextField } from '../components/inputs/text-field';

/** /sign-up: rules from GET /v1/password_policy and the shared schema; server field errors land on the fields. */
export default function SignUpPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const policy = usePasswordPolicy();
  const { form, onSubmit, pending } = useSignUpForm(policy.data);
  const password = form.watch('password');
  return (
    <AuthCard
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      footer={
        <Typography variant="body2">
          {t('signUp.haveAccount')} <LocaleLink to="/sign-in">{t('signUp.signIn')}</LocaleLink>
        </Typography>
      }
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('signUp.title')}>
        <TextField
          {...fieldProps(form, 'name')}
          label={t('form.name')}
          autoComplete="name"
          required
          htmlInput={{ dir: 'auto' }}
        />
        <TextField
          {...fieldProps(form, 'email')}
          label={t('form.email')}
          type="email"
          autoComplete="email"
          required
          htmlInput={{ dir: 'ltr' }}
        />
        <PasswordField
          {...besideRules(fieldProps(form, 'password'), policy.data, locale, 'password-rules')}
          label={t('form.password')}
          autoComplete="new-password"
          required
        />
        <PasswordRules
          policy={policy.data}
          loading={policy.isPending}
          password={password}
          id="password-rules"
          invalid={Boolean(form.formState.errors.password)}
        />
        <PasswordField
          {...fieldProps(form, 'password_confirmation')}
          label={t('form.passwordConfirmation')}
          autoComplete="new-password"
          required
        />
        <Typography variant="body2" color="text.secondary">
          {t('signUp.consent')} <LocaleLink to="/privacy_policy">{t('footer.privacy')}</LocaleLink>
        </Typography>
        <Button type="submit" variant="contained" size="large" disabled={pending} data-testid="sign-up-submit">
          {pending ? t('common.pleaseWait') : t('signUp.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
