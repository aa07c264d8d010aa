import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../components/locale-link';
import { AuthCard } from '../features/auth/components/auth-card';
import { useOidcCompletion } from '../features/identity/use-oidc-complete';

/** /sign-in/complete: where an OpenID Connect sign-in lands with its token in the fragment (DESIGN 10.2). */
export default function SignInCompletePage() {
  const { t } = useTranslation();
  const state = useOidcCompletion();
  return (
    <AuthCard title={t('oidc.complete.title')}>
      {state === 'pending' ? (
        <Stack
          direction="row"
          spacing={2}
          alignItems="center"
          role="status"
          aria-live="polite"
          data-testid="oidc-complete-pending"
        >
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('oidc.complete.pending')}</Typography>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Alert severity="error" role="alert" data-testid="oidc-complete-error">
            {t(state === 'missing' ? 'oidc.complete.missing' : 'oidc.complete.failed')}
          </Alert>
          <LocaleLink to="/sign-in">{t('oidc.complete.back')}</LocaleLink>
        </Stack>
      )}
    </AuthCard>
  );
}
