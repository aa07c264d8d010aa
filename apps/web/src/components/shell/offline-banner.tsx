import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online-status';

/**
 * A slim notice while the device is offline: saved pages still open, and what is written waits in the
 * outbox. Announced politely once (role status), out of the way at the top of the page.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      severity="warning"
      icon={<CloudOffOutlinedIcon fontSize="inherit" />}
      role="status"
      data-testid="offline-banner"
      sx={{ borderRadius: 0, py: 0, position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    >
      {t('offline.banner')}
    </Alert>
  );
}
