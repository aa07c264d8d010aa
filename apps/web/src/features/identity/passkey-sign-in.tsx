import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../app/locale-hooks';
import { ApiError } from '../../lib/api-client';
import { pathAfterLogin, signIn } from '../../lib/session/session-store';
import { isPasskeyCancel, usePasskeySignIn } from '../../lib/webauthn';

type Notice = { severity: 'info' | 'error'; text: string } | null;

/** The server's own message of a refused sign-in (an unknown passkey, an expired request). */
function serverMessage(err: ApiError): string | null {
  const body = err.body as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : null;
}

/**
 * "Sign in with a passkey" on /sign-in (DESIGN 10.2): @simplewebauthn/browser loads only on click;
 * the browser offers the passkeys it holds for this site; success stores the session like a login.
 * A dismissed prompt is a calm note, not an error.
 */
export function PasskeySignIn() {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const passkey = usePasskeySignIn();
  const [notice, setNotice] = useState<Notice>(null);

  const start = async () => {
    setNotice(null);
    try {
      const answer = await passkey.mutateAsync();
      const data = answer.data;
      if ('two_factor_required' in data) {
        navigate(`/sign-in?challenge=${encodeURIComponent(data.challenge_id)}`);
        return;
      }
      signIn(data.auth_token, data.user);
      navigate(pathAfterLogin(data.user));
    } catch (err) {
      if (isPasskeyCancel(err)) setNotice({ severity: 'info', text: t('passkeys.signIn.cancelled') });
      else if (err instanceof ApiError)
        setNotice({ severity: 'error', text: serverMessage(err) ?? err.message ?? t('passkeys.signIn.failed') });
      else setNotice({ severity: 'error', text: t('passkeys.signIn.unsupported') });
    }
  };

  return (
    <Stack spacing={1}>
      <Button
        variant="outlined"
        fullWidth
        startIcon={passkey.isPending ? <CircularProgress size={18} aria-hidden /> : <KeyOutlinedIcon />}
        onClick={() => void start()}
        disabled={passkey.isPending}
        aria-busy={passkey.isPending}
        data-testid="passkey-sign-in"
      >
        {t('passkeys.signIn.button')}
      </Button>
      {notice && (
        <Alert
          severity={notice.severity}
          role={notice.severity === 'info' ? 'status' : 'alert'}
          data-testid="passkey-sign-in-notice"
        >
          {notice.text}
        </Alert>
      )}
    </Stack>
  );
}
