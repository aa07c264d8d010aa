import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OutboxItem } from '../../lib/offline/outbox-types';
import { OutboxActions } from './outbox-actions';
import { OutboxStatus } from './outbox-status';

/** A write waiting in the outbox where it was made (a lesson completed, a quiz answered offline). */
export function OutboxNotice({ item, message }: { item: OutboxItem; message: string }) {
  return (
    <Alert severity={item.status === 'failed' ? 'error' : 'info'} icon={false} data-testid="outbox-notice" sx={{ flex: 1 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <OutboxStatus item={item} />
          <Typography variant="body2">{item.error ?? message}</Typography>
        </Stack>
        <OutboxActions item={item} />
      </Stack>
    </Alert>
  );
}
