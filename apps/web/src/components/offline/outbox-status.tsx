import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { OutboxItem } from '../../lib/offline/outbox-types';

/** "Waiting to send", or "Not sent" with the server's reason beside it. */
export function OutboxStatus({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const failed = item.status === 'failed';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={failed ? 'error' : 'warning'}
      icon={failed ? <ErrorOutlineIcon /> : <CloudOffOutlinedIcon />}
      label={failed ? t('outbox.failed') : t('outbox.pending')}
      data-testid="outbox-status"
      data-status={item.status}
    />
  );
}
