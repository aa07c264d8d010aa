import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountEmailEndpoints as endpoints, type AccountEmailBody, type AccountEmailConfirmBody } from '@tribes/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { ApiError } from '../../lib/api-client';
import { setUser } from '../../lib/session/session-store';
import { identityKeys } from './api';

type Fields = Partial<Record<'email' | 'code', string>>;
/** Statuses the dialog shows on its own fields rather than as a notice. */
const QUIET = [409, 429];

/** POST /v1/me/email: mails a code to the new address (the dialog says so itself: no notice). */
function useSendEmailCode() {
  return useMutation({
    mutationFn: async ({
      body,
      onFieldErrors,
    }: {
      body: AccountEmailBody;
      onFieldErrors(e: Record<string, string[]>): boolean;
    }) => api.call(endpoints.sendCode, { body }, { notifySuccess: false, quietStatuses: QUIET, onFieldErrors }),
  });
}

/** POST /v1/me/email/confirm: the account's email is the new one, verified; the session and methods list follow. */
function useConfirmEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      onFieldErrors,
    }: {
      body: AccountEmailConfirmBody;
      onFieldErrors(e: Record<string, string[]>): boolean;
    }) => api.call(endpoints.confirm, { body }, { quietStatuses: QUIET, onFieldErrors }),
    onSuccess: (answer) => setUser(answer.data.user),
    onSettled: () => client.invalidateQueries({ queryKey: identityKeys.identities }),
  });
}

/**
 * Adds an email to the account or changes it (issue 13), in two steps: the address, then the 6-digit
 * code mailed to it. The server's messages land on the field they concern (a taken address, a wrong or
 * expired code, too many sends); addresses and codes read left to right in any language.
 */
export function AccountEmailDialog({
  open,
  onClose,
  currentEmail,
}: {
  open: boolean;
  onClose(): void;
  currentEmail: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const send = useSendEmailCode();
  const confirm = useConfirmEmail();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<Fields>({});
  const busy = send.isPending || confirm.isPending;

  const reset = () => {
    setEmail('');
    setCode('');
    setSentTo(null);
    setErrors({});
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  /** Places the server's field errors; a message for a field this step does not show goes on the one it does. */
  const placeOn = (step: 'email' | 'code') => (fieldErrors: Record<string, string[]>) => {
    const next: Fields = {};
    for (const [field, messages] of Object.entries(fieldErrors)) {
      const target = field === 'email' || field === 'code' ? field : step;
      next[target] ??= messages[0];
    }
    setErrors(next);
    return true;
  };
  /** A 409 (taken, unchanged) or 429 is about the address: shown on it. */
  const quietError = (err: unknown): string | null =>
    err instanceof ApiError && err.status !== null && QUIET.includes(err.status) ? err.message : null;

  const sendCode = async (address: string) => {
    setErrors({});
    try {
      await send.mutateAsync({ body: { email: address }, onFieldErrors: placeOn('email') });
      setSentTo(address.trim().toLowerCase());
      setCode('');
    } catch (err) {
      const message = quietError(err);
      if (message) setErrors({ email: message });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) {
      if (!email.trim()) return setErrors({ email: t('identity.email.required') });
      return sendCode(email);
    }
    const digits = code.replace(/\s/g, '');
    if (!digits) return setErrors({ code: t('identity.email.codeRequired') });
    setErrors({});
    try {
      await confirm.mutateAsync({ body: { email: sentTo, code: digits }, onFieldErrors: placeOn('code') });
      reset();
      onClose();
    } catch (err) {
      const message = quietError(err);
      // The address was taken meanwhile: back to the address, with the reason on it.
      if (message) {
        setSentTo(null);
        setErrors({ email: message });
      }
    }
  };

  const title = currentEmail ? t('identity.email.changeTitle') : t('identity.email.addTitle');
  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(e) => void submit(e)} data-testid="account-email-dialog">
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {!sentTo ? (
              <>
                <DialogContentText>{t('identity.email.intro')}</DialogContentText>
                <TextField
                  label={currentEmail ? t('identity.email.newLabel') : t('identity.email.label')}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  type="email"
                  autoComplete="email"
                  required
                  autoFocus
                  disabled={busy}
                  error={Boolean(errors.email)}
                  helperText={errors.email ?? t('identity.email.help')}
                  slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'email', 'data-testid': 'account-email-input' } }}
                />
              </>
            ) : (
              <>
                <Alert severity="info" role="status">
                  {/* The address is isolated left to right (U+2066…U+2069) inside a right-to-left sentence. */}
                  {t('identity.email.codeSent', { email: `\u2066${sentTo}\u2069` })}
                </Alert>
                <TextField
                  label={t('identity.email.codeLabel')}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="one-time-code"
                  required
                  autoFocus
                  disabled={busy}
                  error={Boolean(errors.code)}
                  helperText={errors.code ?? t('identity.email.codeHelp')}
                  slotProps={{
                    htmlInput: { dir: 'ltr', inputMode: 'numeric', maxLength: 10, 'data-testid': 'account-email-code' },
                  }}
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {sentTo && (
            <>
              <Button onClick={() => setSentTo(null)} disabled={busy} data-testid="account-email-back">
                {t('identity.email.otherAddress')}
              </Button>
              <Button onClick={() => void sendCode(sentTo)} disabled={busy} data-testid="account-email-resend">
                {t('identity.email.resend')}
              </Button>
            </>
          )}
          <Button onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="account-email-submit"
          >
            {busy ? t('common.pleaseWait') : sentTo ? t('identity.email.confirm') : t('identity.email.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
