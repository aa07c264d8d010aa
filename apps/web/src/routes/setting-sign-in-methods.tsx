import FingerprintIcon from '@mui/icons-material/Fingerprint';
import LoginIcon from '@mui/icons-material/Login';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PasswordIcon from '@mui/icons-material/Password';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirebaseProvider, Identity } from '@tribes/shared';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState } from '../components/empty-state';
import { ListSkeleton } from '../components/list-skeleton';
import { SettingsFrame } from '../features/account/components/settings-frame';
import { useSession } from '../lib/session/session-store';
import { AccountEmailDialog } from '../features/identity/account-email-dialog';
import { useAuthProviders, useIdentities, useLinkFirebase, useRemoveIdentity } from '../features/identity/firebase-api';
import { useFirebaseFlow } from '../features/identity/firebase-flow';
import { FirebasePhoneDialog } from '../features/identity/firebase-phone-dialog';
import { FlowNoticeAlert, PROVIDER_ICONS, ProviderButtons } from '../features/identity/firebase-sign-in';
import { OidcLinkButtons, OidcLinkOutcome } from '../features/identity/oidc-link';
import { ApiError } from '../lib/api-client';
import { useConfirm } from '../lib/use-confirm';

/** A Firebase sign-in provider id ('google.com', 'phone'...) as the provider name the web uses. */
const FIREBASE_NAMES: Record<string, FirebaseProvider> = {
  'google.com': 'google',
  'apple.com': 'apple',
  'facebook.com': 'facebook',
  phone: 'phone',
};

function firebaseName(identity: Identity): FirebaseProvider | null {
  return identity.kind === 'firebase' && identity.provider ? (FIREBASE_NAMES[identity.provider] ?? null) : null;
}

/** The label and icon of one way in. */
function useDescribe() {
  const { t } = useTranslation();
  return (identity: Identity): { label: string; detail: string | null; icon: ReactElement } => {
    const detail = identity.phone ?? identity.email;
    switch (identity.kind) {
      case 'password':
        return { label: t('identity.methods.password'), detail: null, icon: <PasswordIcon /> };
      case 'email':
        return { label: t('identity.methods.email_code'), detail: identity.email, icon: <MailOutlineIcon /> };
      case 'passkey':
        return { label: identity.name ?? t('identity.methods.passkey'), detail: null, icon: <FingerprintIcon /> };
      case 'oidc':
        return { label: identity.name ?? t('identity.methods.oidc'), detail, icon: <LoginIcon /> };
      case 'firebase': {
        const name = firebaseName(identity);
        return name
          ? { label: t(`identity.methods.${name}`), detail, icon: PROVIDER_ICONS[name] }
          : { label: identity.provider ?? t('identity.methods.oidc'), detail, icon: <LoginIcon /> };
      }
    }
  };
}

/**
 * /setting/sign-in-methods (DESIGN 10.2): the account's ways in (password, email codes, Google, Apple,
 * Facebook, phone, OpenID Connect, passkeys), linking a Firebase provider (its sign-in, then
 * POST /v1/me/identities/firebase) and removing a method after a confirmation. The last one cannot go:
 * its button is disabled with the reason, and the server's 409 is shown in the dialog if it comes anyway.
 * The account's email is added or changed in a two-step dialog (the address, then the code mailed to it).
 */
export default function SignInMethodsPage() {
  const { t } = useTranslation();
  const describe = useDescribe();
  const user = useSession().userData;
  const identities = useIdentities();
  const providers = useAuthProviders();
  const link = useLinkFirebase();
  const remove = useRemoveIdentity();
  const confirm = useConfirm<Identity>();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const config = providers.data?.firebase ?? null;
  const list = identities.data ?? [];

  const flow = useFirebaseFlow(config, 'link', async (idToken) => {
    await link.mutateAsync({ id_token: idToken });
  });

  const linked = new Set(list.map(firebaseName).filter(Boolean));
  const linkable = (config?.providers ?? []).filter((p) => !linked.has(p));
  const oidc = providers.data?.oidc ?? [];
  const oidcLinked = new Set(list.filter((i) => i.kind === 'oidc').map((i) => i.provider));
  const oidcLinkable = oidc.filter((p) => !oidcLinked.has(p.id));
  const only = list.length <= 1;

  const closeConfirm = () => {
    setRemoveError(null);
    confirm.close();
  };
  const doRemove = async () => {
    if (!confirm.subject) return;
    setRemoveError(null);
    try {
      await remove.mutateAsync(confirm.subject.id);
      confirm.close();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setRemoveError(err.message);
      else confirm.close();
    }
  };
  const subjectLabel = confirm.subject ? describe(confirm.subject).label : '';

  return (
    <SettingsFrame titleKey="identity.methods.title">
      <Stack spacing={3}>
        <OidcLinkOutcome providers={oidc} />
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="methods-title">
          <Stack spacing={2}>
            <Typography id="methods-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
              {t('identity.methods.title')}
            </Typography>
            <Typography color="text.secondary">{t('identity.methods.intro')}</Typography>
            {identities.isPending ? (
              <ListSkeleton rows={3} height={56} />
            ) : list.length === 0 ? (
              <EmptyState icon={LoginIcon} title={t('identity.methods.empty')} />
            ) : (
              <List disablePadding data-testid="sign-in-methods">
                {list.map((identity) => {
                  const { label, detail, icon } = describe(identity);
                  const removable = identity.kind !== 'email';
                  return (
                    <ListItem
                      key={identity.id}
                      divider
                      data-testid={`method-${identity.kind}`}
                      sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}
                    >
                      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
                      <ListItemText
                        primary={label}
                        secondary={detail ? <bdi dir="ltr">{detail}</bdi> : null}
                        sx={{ minWidth: 0, flex: '1 1 160px', overflowWrap: 'anywhere' }}
                      />
                      {removable && (
                        <Button
                          color="error"
                          size="small"
                          disabled={only}
                          onClick={() => confirm.ask(identity)}
                          aria-label={t('identity.methods.removeLabel', { method: label })}
                          aria-describedby={only ? 'last-method-note' : undefined}
                          data-testid="remove-method"
                        >
                          {t('identity.methods.remove')}
                        </Button>
                      )}
                    </ListItem>
                  );
                })}
              </List>
            )}
            {only && list.length === 1 && (
              <Typography id="last-method-note" variant="body2" color="text.secondary" data-testid="last-method-note">
                {t('identity.methods.lastOne')}
              </Typography>
            )}
          </Stack>
        </Paper>

        {user && (
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="email-title">
            <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Typography id="email-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
                {t('identity.email.sectionTitle')}
              </Typography>
              {user.email ? (
                <Typography data-testid="account-email" sx={{ overflowWrap: 'anywhere' }}>
                  <bdi dir="ltr">{user.email}</bdi>
                </Typography>
              ) : (
                <Alert severity="info" data-testid="no-email-note" sx={{ alignSelf: 'stretch' }}>
                  <Typography sx={{ fontWeight: 700 }}>{t('identity.methods.noEmailTitle')}</Typography>
                  {t('identity.methods.noEmailText')}
                </Alert>
              )}
              <Button variant="outlined" onClick={() => setEmailOpen(true)} data-testid="account-email-open">
                {user.email ? t('identity.email.change') : t('identity.email.add')}
              </Button>
            </Stack>
            <AccountEmailDialog open={emailOpen} onClose={() => setEmailOpen(false)} currentEmail={user.email} />
          </Paper>
        )}

        {((config && linkable.length > 0) || oidcLinkable.length > 0) && (
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="link-title">
            <Stack spacing={1.5}>
              <Typography id="link-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
                {t('identity.methods.linkTitle')}
              </Typography>
              <FlowNoticeAlert flow={flow} />
              <Stack spacing={1} sx={{ maxWidth: 420 }} data-testid="link-methods">
                {config && linkable.length > 0 && (
                  <ProviderButtons
                    providers={linkable}
                    flow={flow}
                    onPhone={() => setPhoneOpen(true)}
                    label={(provider) => t('identity.methods.link', { provider: t(`identity.methods.${provider}`) })}
                  />
                )}
                <OidcLinkButtons providers={oidcLinkable} />
              </Stack>
              {config && linkable.includes('phone') && (
                <FirebasePhoneDialog open={phoneOpen} onClose={() => setPhoneOpen(false)} flow={flow} />
              )}
            </Stack>
          </Paper>
        )}
      </Stack>

      <ConfirmDialog
        open={confirm.open}
        title={t('identity.methods.removeTitle')}
        body={t('identity.methods.removeBody', { method: subjectLabel })}
        confirmLabel={t('identity.methods.remove')}
        onConfirm={() => void doRemove()}
        onClose={closeConfirm}
        pending={remove.isPending}
      >
        {removeError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="remove-error">
            {removeError}
          </Alert>
        )}
      </ConfirmDialog>
    </SettingsFrame>
  );
}
