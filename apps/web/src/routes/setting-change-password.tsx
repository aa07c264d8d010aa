import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../components/inputs/password-field';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { useChangePasswordForm } from '../features/account/use-account-forms';
import { usePasswordPolicy } from '../features/auth/api';
import { PasswordRules } from '../features/auth/components/password-rules';
import { besideRules } from '../lib/password-policy';
import { useLocale } from '../app/locale-hooks';
import { fieldProps } from '../lib/form-field';

/** /setting/change-password */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const policy = usePasswordPolicy();
  const { form, onSubmit, pending } = useChangePasswordForm(policy.data);
  return (
    <SettingsFrame titleKey="settings.changePassword.title">
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, maxWidth: 560 }}>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('settings.changePassword.subtitle')}
        </Typography>
        <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('settings.changePassword.title')}>
          <PasswordField
            {...fieldProps(form, 'current_password')}
            label={t('form.currentPassword')}
            autoComplete="current-password"
            required
          />
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
          <Button
            type="submit"
            variant="contained"
            disabled={pending}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="change-password-submit"
          >
            {pending ? t('common.pleaseWait') : t('settings.changePassword.submit')}
          </Button>
        </Stack>
      </Paper>
    </SettingsFrame>
  );
}
