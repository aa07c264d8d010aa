import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { endpointPath, endpointQuery, oidcEndpoints, OIDC_ERROR_CODES, type OidcErrorCode } from '@tribes/shared';
import { API_BASE } from '../../app/config';
import { useAuthProviders } from './api';

/** The URL that starts signing in with an issuer: a browser navigation (the server answers a redirect). */
export function oidcStartUrl(id: string, returnTo?: string | null): string {
  const query = returnTo ? endpointQuery({ return_to: returnTo }) : '';
  return `${API_BASE}${endpointPath(oidcEndpoints.start.path, { id })}${query}`;
}

const isOidcError = (code: string | null): code is OidcErrorCode =>
  code !== null && (OIDC_ERROR_CODES as readonly string[]).includes(code);

/**
 * /sign-in's OpenID Connect part (DESIGN 10.2): why the last attempt failed, when the callback sent
 * the visitor back with `?error=oidc_*`, and one button per configured issuer. Each button is a plain
 * link to the server's start URL (no script needed), carrying the page's `return_to` along.
 */
export function OidcSignIn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const providers = useAuthProviders();
  const error = params.get('error');
  const returnTo = params.get('return_to');
  const oidc = providers.data?.oidc ?? [];
  if (!isOidcError(error) && oidc.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="oidc-sign-in">
      {isOidcError(error) && (
        <Alert severity="error" role="alert" data-testid="oidc-error">
          {t(`oidc.errors.${error}`)}
        </Alert>
      )}
      {oidc.map((p) => (
        <Button
          key={p.id}
          component="a"
          href={oidcStartUrl(p.id, returnTo)}
          variant="outlined"
          size="large"
          startIcon={<LoginIcon />}
          data-testid={`oidc-${p.id}`}
        >
          {t('oidc.continueWith', { name: p.name })}
        </Button>
      ))}
    </Stack>
  );
}
