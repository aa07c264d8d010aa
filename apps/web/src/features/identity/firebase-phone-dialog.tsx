import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirebaseFlow } from './firebase-flow';

/** E.164: a plus, the country code and the number, 8 to 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;
/** Spaces, dashes, dots and brackets people type in a number are dropped; a leading 00 is a plus. */
export const normalisePhone = (raw: string) => raw.replace(/[\s\-.()]/g, '').replace(/^00/, '+');

/**
 * Phone sign-in in a small dialog: the number (E.164), an invisible reCAPTCHA, then the SMS code.
 * Everything reads left to right inside (dir=ltr on the fields), in any interface language.
 */
export function FirebasePhoneDialog({ open, onClose, flow }: { open: boolean; onClose(): void; flow: FirebaseFlow }) {
  const { t } = useTranslation();
  const id = useId();
  const recaptcha = useRef<HTMLDivElement>(null);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const busy = flow.pending === 'phone';

  const close = () => {
    if (busy) return;
    setCode('');
    setFieldError(null);
    flow.resetPhone();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    if (!flow.codeSent) {
      const number = normalisePhone(phone);
      if (!number) return setFieldError(t('identity.errors.missing-phone-number'));
      if (!E164.test(number)) return setFieldError(t('identity.errors.invalid-phone-number'));
      if (recaptcha.current) await flow.sendPhoneCode(number, recaptcha.current);
      return;
    }
    const digits = code.replace(/\s/g, '');
    if (!digits) return setFieldError(t('identity.errors.missing-verification-code'));
    if (await flow.confirmPhoneCode(digits)) {
      setCode('');
      onClose();
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(e) => void submit(e)} data-testid="phone-sign-in">
        <DialogTitle id={`${id}-title`}>{t('identity.firebase.phoneTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {flow.notice && (
              <Alert severity={flow.notice.severity} role={flow.notice.severity === 'error' ? 'alert' : 'status'}>
                {t(flow.notice.key)}
              </Alert>
            )}
            {!flow.codeSent ? (
              <TextField
                label={t('identity.firebase.phoneLabel')}
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                type="tel"
                autoComplete="tel"
                required
                autoFocus
                disabled={busy}
                error={Boolean(fieldError)}
                helperText={fieldError ?? t('identity.firebase.phoneHelp')}
                slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel', 'data-testid': 'phone-number' } }}
              />
            ) : (
              <TextField
                label={t('identity.firebase.codeLabel')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="one-time-code"
                required
                autoFocus
                disabled={busy}
                error={Boolean(fieldError)}
                // The number is isolated left to right (U+2066…U+2069) inside a right-to-left sentence.
                helperText={fieldError ?? t('identity.firebase.codeHelp', { phone: `\u2066${normalisePhone(phone)}\u2069` })}
                slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', maxLength: 10, 'data-testid': 'phone-code' } }}
              />
            )}
            {/* The invisible reCAPTCHA draws here (the emulator skips it). */}
            <div ref={recaptcha} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {flow.codeSent && (
            <Button onClick={flow.resetPhone} disabled={busy}>
              {t('identity.firebase.otherNumber')}
            </Button>
          )}
          <Button onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="phone-submit"
          >
            {busy ? t('common.pleaseWait') : flow.codeSent ? t('identity.firebase.verify') : t('identity.firebase.sendCode')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
