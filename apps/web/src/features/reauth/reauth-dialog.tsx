import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/inputs/text-field';
import { useReauthDialog, type ReauthField } from './use-reauth-dialog';

const CODE_INPUT = { inputMode: 'numeric', maxLength: 6, dir: 'ltr', autoCapitalize: 'none' } as const;

/**
 * "Confirm it's you": asked inline when a sensitive act answers reauthentication_required; the act
 * goes on by itself once confirmed (lib/reauth-prompt.ts). Codes and addresses read left to right in
 * every language.
 */
export function ReauthDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const r = useReauthDialog(open);
  const field = (name: ReauthField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`${id}-${name}`}
      name={name}
      label={label}
      value={r.values[name]}
      onChange={r.change(name)}
      error={Boolean(r.errors[name])}
      helperText={r.errors[name]}
      required
      {...extra}
    />
  );
  return (
    <Dialog open={open} onClose={r.cancel} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(e) => void r.submit(e)} data-testid="reauth-dialog">
        <DialogTitle id={`${id}-title`}>{t('reauth.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{r.noWay ? t('reauth.noWay') : t('reauth.intro')}</DialogContentText>
            {r.status.isPending && <Skeleton variant="rounded" height={56} aria-label={t('common.loading')} />}
            {r.way === 'password' &&
              field('password', t('reauth.password'), { type: 'password', autoComplete: 'current-password', autoFocus: true })}
            {r.way === 'email_code' &&
              (r.codeSent ? (
                <>
                  <Alert severity="info" role="status">
                    {t('reauth.codeSentTo', { email: r.email })}
                  </Alert>
                  {field('email_code', t('reauth.emailCode'), {
                    autoComplete: 'one-time-code',
                    autoFocus: true,
                    htmlInput: CODE_INPUT,
                  })}
                  <Button onClick={() => void r.send()} disabled={r.pending} sx={{ alignSelf: 'flex-start' }}>
                    {t('reauth.resend')}
                  </Button>
                </>
              ) : (
                <Button variant="outlined" onClick={() => void r.send()} disabled={r.pending} data-testid="reauth-send-code">
                  {t('reauth.sendCode', { email: r.email })}
                </Button>
              ))}
            {r.way && r.second && (r.way === 'password' || r.codeSent) && (
              <>
                {r.recovery
                  ? field('recovery_code', t('reauth.recoveryCode'), {
                      autoComplete: 'off',
                      htmlInput: { dir: 'ltr', autoCapitalize: 'none', spellCheck: false, maxLength: 40 },
                    })
                  : field('code', t('reauth.appCode'), { autoComplete: 'one-time-code', htmlInput: CODE_INPUT })}
                <Button onClick={r.toggleRecovery} sx={{ alignSelf: 'flex-start' }}>
                  {r.recovery ? t('reauth.useApp') : t('reauth.useRecovery')}
                </Button>
              </>
            )}
            {r.way && r.methods.includes(r.way === 'password' ? 'email_code' : 'password') && (
              <Button onClick={r.switchWay} sx={{ alignSelf: 'flex-start' }} data-testid="reauth-switch">
                {r.way === 'password' ? t('reauth.emailInstead') : t('reauth.passwordInstead')}
              </Button>
            )}
            {r.passkeySupported && (
              <Button
                variant="outlined"
                startIcon={r.passkeyPending ? <CircularProgress size={18} aria-hidden /> : <KeyOutlinedIcon />}
                onClick={() => void r.withPasskey()}
                disabled={r.passkeyPending}
                aria-busy={r.passkeyPending}
              >
                {r.passkeyPending ? t('reauth.passkeyWaiting') : t('reauth.usePasskey')}
              </Button>
            )}
            {r.alert && (
              <Alert severity={r.alert.severity} role={r.alert.severity === 'info' ? 'status' : 'alert'}>
                {r.alert.text}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={r.cancel}>{t('common.cancel')}</Button>
          {r.noWay ? (
            <Button variant="contained" onClick={r.signInAgain}>
              {t('reauth.signInAgain')}
            </Button>
          ) : (
            (r.way === 'password' || r.codeSent) && (
              <Button type="submit" variant="contained" disabled={r.pending} data-testid="reauth-confirm">
                {r.pending ? t('common.pleaseWait') : t('reauth.confirm')}
              </Button>
            )
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
