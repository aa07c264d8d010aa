import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { OIDC_ERROR_CODES, type OidcErrorCode } from '@tribes/shared';
import { useStartOidcLink } from './api';

const isOidcError = (code: string | null): code is OidcErrorCode =>
  code !== null && (OIDC_ERROR_CODES as readonly string[]).includes(code);

/**
 * The OpenID Connect issuers the account may still link, as "Link {name}" buttons (DESIGN 10.2); the issuer
 * sends the browser back to this page (its locale prefix kept).
 */
export function OidcLinkButtons({ providers }: { providers: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const returnTo = useLocation().pathname;
  const start = useStartOidcLink();
  return (
    <>
      {providers.map((p) => (
        <Button
          key={p.id}
          variant="outlined"
          size="large"
          startIcon={<LoginIcon />}
          disabled={start.isPending}
          onClick={() => start.mutate({ id: p.id, returnTo })}
          data-testid={`link-oidc-${p.id}`}
        >
          {start.isPending && start.variables?.id === p.id
            ? t('identity.methods.linking')
            : t('identity.methods.link', { provider: p.name })}
        </Button>
      ))}
    </>
  );
}

/** What the issuer's round trip came back with: `?linked=<id>` (success) or `?error=oidc_*`. */
export function OidcLinkOutcome({ providers }: { providers: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const linked = params.get('linked');
  const error = params.get('error');
  if (isOidcError(error))
    return (
      <Alert severity="error" role="alert" data-testid="oidc-link-error">
        {t(`oidc.errors.${error}`)}
      </Alert>
    );
  const provider = providers.find((p) => p.id === linked);
  if (!provider) return null;
  return (
    <Alert severity="success" role="status" data-testid="oidc-linked">
      {t('identity.methods.linked', { provider: provider.name })}
    </Alert>
  );
}
