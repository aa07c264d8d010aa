import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/inputs/text-field';
import { fieldProps } from '../../lib/form-field';
import { useTwoFactorStep } from './use-two-factor-step';

/**
 * The 2FA step of /sign-in: the 6-digit code from the authenticator app, or (toggled) a recovery
 * code, or, where the browser can, one of the account's passkeys ("Use a passkey instead"). `onRestart` goes back to the first step (a burnt or expired challenge asks to sign in again).
 */
export function TwoFactorStep({ challengeId, onRestart }: { challengeId: string; onRestart(): void }) {
  const { t } = useTranslation();
  const { form, onSubmit, pending, recovery, toggle, expired, passkeySupported, withPasskey, passkeyPending, passkeyNotice } =
    useTwoFactorStep(challengeId);
  if (expired) {
    return (
      <Stack spacing={2.5} data-testid="two-factor-expired">
        <Alert severity="warning" role="alert">
          {expired}
        </Alert>
        <Button variant="contained" size="large" onClick={onRestart} data-testid="two-factor-restart">
          {t('twoFactor.step.restart')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label={t('twoFactor.step.title')}>
      {recovery ? (
        <TextField
          key="recovery"
          {...fieldProps(form, 'recovery_code', t('twoFactor.step.recoveryHelp'))}
          label={t('twoFactor.step.recovery')}
          autoComplete="off"
          autoFocus
          required
          htmlInput={{ dir: 'ltr', autoCapitalize: 'none', spellCheck: false, maxLength: 40 }}
        />
      ) : (
        <TextField
          key="code"
          {...fieldProps(form, 'code')}
          label={t('twoFactor.step.code')}
          autoComplete="one-time-code"
          autoFocus
          required
          htmlInput={{ inputMode: 'numeric', maxLength: 6, dir: 'ltr', style: { letterSpacing: '0.4em', fontSize: '1.4rem' } }}
        />
      )}
      <Button type="submit" variant="contained" size="large" disabled={pending} data-testid="two-factor-submit">
        {pending ? t('common.pleaseWait') : t('twoFactor.step.submit')}
      </Button>
      <Button onClick={toggle} data-testid="two-factor-toggle">
        {recovery ? t('twoFactor.step.useApp') : t('twoFactor.step.useRecovery')}
      </Button>
      {passkeySupported && (
        <Button
          variant="outlined"
          startIcon={passkeyPending ? <CircularProgress size={18} aria-hidden /> : <KeyOutlinedIcon />}
          onClick={() => void withPasskey()}
          disabled={passkeyPending}
          aria-busy={passkeyPending}
          data-testid="two-factor-passkey"
        >
          {passkeyPending ? t('twoFactor.step.passkeyWaiting') : t('twoFactor.step.usePasskey')}
        </Button>
      )}
      {passkeyNotice && (
        <Alert
          severity={passkeyNotice.severity}
          role={passkeyNotice.severity === 'info' ? 'status' : 'alert'}
          data-testid="two-factor-passkey-notice"
        >
          {passkeyNotice.text}
        </Alert>
      )}
      <Button variant="text" onClick={onRestart}>
        {t('twoFactor.step.restart')}
      </Button>
    </Stack>
  );
}
