import AppleIcon from '@mui/icons-material/Apple';
import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirebaseProvider } from '@tribes/shared';
import { useLocaleNavigate } from '../../app/locale-hooks';
import { Staged } from '../../lib/staged';
import { deviceName } from '../../lib/device-name';
import { nextOnboardingPath, signIn, waitingPathAfterSignIn } from '../../lib/session/session-store';
import { useAuthProviders, useIdentitySignIn } from './firebase-api';
import { prefetchFirebase, useFirebaseFlow, type FirebaseFlow } from './firebase-flow';
import { FirebasePhoneDialog } from './firebase-phone-dialog';
import { markFirebaseSession } from './firebase-session';

export const PROVIDER_ICONS: Record<FirebaseProvider, ReactElement> = {
  google: <GoogleIcon />,
  apple: <AppleIcon />,
  facebook: <FacebookIcon />,
  phone: <PhoneIphoneIcon />,
};

/** The notice of a flow in place: calm (status) for a closed or replaced popup, an alert otherwise. */
export function FlowNoticeAlert({ flow }: { flow: FirebaseFlow }) {
  const { t } = useTranslation();
  if (flow.redirecting)
    return (
      <Alert severity="info" role="status" icon={<CircularProgress size={18} />} data-testid="firebase-redirect-pending">
        {t('identity.firebase.redirectPending')}
      </Alert>
    );
  if (!flow.notice) return null;
  return (
    <Alert
      severity={flow.notice.severity}
      role={flow.notice.severity === 'error' ? 'alert' : 'status'}
      onClose={flow.clearNotice}
      data-testid="firebase-notice"
    >
      {t(flow.notice.key)}
    </Alert>
  );
}

/** One button per provider of IDENTITY_PROVIDERS; the pending one shows a spinner, all are disabled meanwhile. */
export function ProviderButtons({
  providers,
  flow,
  onPhone,
  label,
}: {
  providers: FirebaseProvider[];
  flow: FirebaseFlow;
  onPhone(): void;
  label: (provider: FirebaseProvider) => string;
}) {
  return (
    <>
      {/* A task each during the start (lib/staged.tsx), one under the other. */}
      {providers.map((provider) => (
        <Staged key={provider} name={`firebase-${provider}`}>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            disabled={flow.busy}
            aria-busy={flow.pending === provider}
            startIcon={flow.pending === provider ? <CircularProgress size={18} color="inherit" /> : PROVIDER_ICONS[provider]}
            onPointerEnter={prefetchFirebase}
            onFocus={prefetchFirebase}
            onClick={() => (provider === 'phone' ? onPhone() : void flow.startPopup(provider))}
            data-testid={`firebase-${provider}`}
          >
            {label(provider)}
          </Button>
        </Staged>
      ))}
    </>
  );
}

/**
 * Sign in (or up) with the Firebase providers the server names (IDENTITY_PROVIDERS): Google, Apple and
 * Facebook in a popup (a redirect when it is blocked), a phone number with an SMS code. The ID token
 * becomes a Tribes session (POST /v1/auth/identity), stored like a login; onboarding continues from
 * last_step. With Firebase not configured nothing shows, and the SDK is never fetched.
 */
export function FirebaseSignIn() {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const providers = useAuthProviders();
  const exchange = useIdentitySignIn();
  const [phoneOpen, setPhoneOpen] = useState(false);
  const config = providers.data?.firebase ?? null;

  const flow = useFirebaseFlow(config, 'sign-in', async (idToken) => {
    const answer = await exchange.mutateAsync({ id_token: idToken, device_name: deviceName() });
    const data = answer.data;
    markFirebaseSession(true);
    if ('two_factor_required' in data) {
      // The account has a second factor: the sign-in page asks for it (DESIGN 10.2).
      navigate(`/sign-in?challenge=${encodeURIComponent(data.challenge_id)}`);
      return;
    }
    signIn(data.auth_token, data.user);
    navigate(waitingPathAfterSignIn() ?? nextOnboardingPath(data.user.profile.last_step));
  });

  if (!config || config.providers.length === 0) return null;
  return (
    <Stack spacing={1} role="group" aria-label={t('identity.firebase.group')} data-testid="firebase-sign-in">
      <FlowNoticeAlert flow={flow} />
      <ProviderButtons
        providers={config.providers}
        flow={flow}
        onPhone={() => setPhoneOpen(true)}
        label={(provider) => t(`identity.firebase.${provider}`)}
      />
      {config.providers.includes('phone') && (
        <FirebasePhoneDialog open={phoneOpen} onClose={() => setPhoneOpen(false)} flow={flow} />
      )}
    </Stack>
  );
}
