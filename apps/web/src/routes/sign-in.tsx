import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../components/inputs/password-field';
import { LocaleLink } from '../components/locale-link';
import { AuthCard } from '../features/auth/components/auth-card';
import { useSignInForm } from '../features/auth/use-sign-in-form';
import { OtherSignInMethods } from '../features/identity/other-sign-in';
import { fieldProps } from '../lib/form-field';
import { TextField } from '../components/inputs/text-field';
import { useLocale } from '../app/locale-hooks';
import { dateTimeFormat } from '../lib/intl';
import { Staged } from '../lib/staged';

/** The 2FA step, fetched only when a sign-in answers a challenge (the /sign-in initial JS does not grow). */
const TwoFactorStep = lazy(() => import('../features/twofactor/two-factor-step').then((m) => ({ default: m.TwoFactorStep })));

/** /sign-in: with a password, or with a code mailed to the address (always open, DESIGN 10.1). */
export default function SignInPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { form, onSubmit, pending, limited, suspended, sendCode, sending, challengeId, restart } = useSignInForm();
  const codeButton = (testId: string, variant: 'outlined' | 'text') => (
    <Button variant={variant} size="large" disabled={sending} onClick={() => void sendCode()} data-testid={testId}>
      {sending ? t('common.pleaseWait') : t('signIn.emailCode')}
    </Button>
  );
  if (challengeId) {
    // Two-factor authentication on: the second step, in place of the password form.
    return (
      <AuthCard title={t('twoFactor.step.title')} subtitle={t('twoFactor.step.subtitle')}>
        <Suspense fallback={<LinearProgress aria-label={t('common.pleaseWait')} />}>
          <TwoFactorStep key={challengeId} challengeId={challengeId} onRestart={restart} />
        </Suspense>
      </AuthCard>
    );
  }
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
      {/* The card's parts a task apart during the start (lib/staged.tsx), each under the ones already drawn. */}
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('signIn.title')}>
        {limited && (
          <Alert severity="warning" role="alert" data-testid="sign-in-limited">
            {t('signIn.limited')}
          </Alert>
        )}
        {suspended && (
          <Alert severity="error" role="alert" data-testid="sign-in-suspended">
            {t('signIn.suspended', { reason: suspended.reason })}{' '}
            {suspended.until
              ? t('signIn.suspendedUntil', {
                  date: dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(suspended.until)),
                })
              : t('signIn.suspendedIndefinitely')}
          </Alert>
        )}
        <Staged name="sign-in-email">
          <TextField
            {...fieldProps(form, 'email')}
            label={t('form.email')}
            type="email"
            autoComplete="email"
            required
            htmlInput={{ dir: 'ltr' }}
          />
        </Staged>
        <Staged name="sign-in-password">
          <PasswordField {...fieldProps(form, 'password')} label={t('form.password')} autoComplete="current-password" required />
        </Staged>
        <Staged name="sign-in-submit">
          <LocaleLink to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end' }}>
            {t('signIn.forgot')}
          </LocaleLink>
          <Button type="submit" variant="contained" size="large" disabled={pending} data-testid="sign-in-submit">
            {pending ? t('common.pleaseWait') : t('signIn.submit')}
          </Button>
        </Staged>
        <Staged name="sign-in-code">
          <Divider>{t('signIn.or')}</Divider>
          <Stack spacing={0.75}>
            {codeButton('sign-in-code', limited ? 'outlined' : 'text')}
            <Typography variant="body2" color="text.secondary" textAlign="center">
              {t('signIn.emailCodeHelp')}
            </Typography>
          </Stack>
        </Staged>
      </Stack>
      {/* Outside the password form: its buttons never submit it. */}
      <Staged name="other-sign-in">
        <OtherSignInMethods />
      </Staged>
    </AuthCard>
  );
}
