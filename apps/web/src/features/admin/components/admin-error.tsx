import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { MODERATION_ERRORS } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../../components/locale-link';
import { ApiError } from '../../../lib/api-client';

/**
 * A console read that failed: an operator without two-factor is sent to its settings, anyone else who
 * is refused is told the console is for operators only; any other failure may be tried again.
 */
export function AdminError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 403) {
    if (error.errorType === MODERATION_ERRORS.twoFactorRequired)
      return (
        <Alert severity="warning" data-testid="admin-two-factor-required">
          <AlertTitle>{t('admin.errors.twoFactorTitle')}</AlertTitle>
          {t('admin.errors.twoFactorBody')}{' '}
          <Link component={RouterLocaleLink} to="/setting/two-factor">
            {t('admin.errors.twoFactorLink')}
          </Link>
        </Alert>
      );
    return (
      <Alert severity="error" data-testid="admin-operators-only">
        {t('admin.errors.operatorsOnly')}
      </Alert>
    );
  }
  return (
    <Alert severity="error" action={onRetry ? <Button onClick={onRetry}>{t('admin.common.retry')}</Button> : undefined}>
      {error instanceof Error && error.message ? error.message : t('admin.errors.failed')}
    </Alert>
  );
}

/** The message of a refused act (a 409 or a field error), shown inside the dialog that asked for it. */
export function actError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const fields = error.fieldErrors ? Object.values(error.fieldErrors).flat() : [];
  return fields.length > 0 ? fields.join(' ') : error.message;
}
