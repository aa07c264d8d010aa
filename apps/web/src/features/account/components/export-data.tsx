import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { useRequestExport } from '../api';

/** "Download my data" (GDPR art. 15/20): asks for the export and says which mailbox the link goes to. */
export function ExportData() {
  const { t } = useTranslation();
  const { userData: user } = useSession();
  const request = useRequestExport();
  const tooSoon = request.error instanceof ApiError && request.error.errorType === 'export_too_soon';
  return (
    <>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('settings.personal.exportTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.personal.exportText')}
      </Typography>
      <Button
        variant="outlined"
        onClick={() => request.mutate()}
        disabled={request.isPending || request.isSuccess}
        data-testid="export-data"
      >
        {t('settings.personal.exportButton')}
      </Button>
      {request.isSuccess && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {user?.email
            ? t('settings.personal.exportRequested', { email: user.email })
            : t('settings.personal.exportRequestedNoEmail')}
        </Alert>
      )}
      {tooSoon && (
        <Alert severity="info" role="status" sx={{ mt: 2 }}>
          {t('settings.personal.exportTooSoon')}
        </Alert>
      )}
    </>
  );
}
