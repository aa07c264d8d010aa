import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { OtpPurpose } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../app/locale-hooks';
import { LocaleLink } from '../components/locale-link';
import { AuthCard } from '../features/auth/components/auth-card';
import { useVerifyOtpForm } from '../features/auth/use-verify-otp';
import { fieldProps } from '../lib/form-field';
import { TextField } from '../components/inputs/text-field';

/** Where "use another email" leads for each kind of code. */
const CHANGE_EMAIL: Record<OtpPurpose, string> = {
  'email-verification': '/sign-up',
  'forgot-password': '/forgot-password',
  login: '/sign-in',
};

/** /verify-otp: the code of a sign-up, a forgotten password or an emailed sign-in. */
export default function VerifyOtpPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { form, onSubmit, pending, resend, resending, remaining, target } = useVerifyOtpForm();
  const seconds = new Intl.NumberFormat(locale).format(remaining);
  return (
    <AuthCard
      title={t('verify.title')}
      subtitle={
        <span>
          {t('verify.subtitle')} <bdi dir="ltr">{target?.email}</bdi>
        </span>
      }
      footer={<LocaleLink to={CHANGE_EMAIL[target?.purpose ?? 'email-verification']}>{t('verify.changeEmail')}</LocaleLink>}
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('verify.title')}>
        <TextField
          {...fieldProps(form, 'code', t('verify.codeHelp'))}
          label={t('verify.code')}
          autoComplete="one-time-code"
          required
          htmlInput={{ inputMode: 'numeric', maxLength: 6, dir: 'ltr', style: { letterSpacing: '0.4em', fontSize: '1.4rem' } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={pending} data-testid="verify-submit">
          {pending ? t('common.pleaseWait') : target?.purpose === 'login' ? t('signIn.submit') : t('verify.submit')}
        </Button>
        <Button onClick={() => void resend()} disabled={remaining > 0 || resending} data-testid="resend-code">
          {remaining > 0 ? t('verify.resendIn', { seconds }) : t('verify.resend')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
