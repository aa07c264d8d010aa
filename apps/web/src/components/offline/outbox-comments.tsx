import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POST_LIMITS } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useOutboxItems } from '../../lib/offline/use-outbox';
import { OutboxActions } from './outbox-actions';
import { OutboxStatus } from './outbox-status';

/** The member's comments on a post waiting in the outbox, under its comments. */
export function OutboxComments({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const items = useOutboxItems('comment', (i) => i.post_id === postId);
  if (items.length === 0) return null;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, mt: 1.5, p: 0 }} aria-label={t('outbox.heading')}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.id}
          data-testid="outbox-comment"
          sx={{ border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2, px: 1.5, py: 1 }}
        >
          <Stack spacing={0.75}>
            <OutboxStatus item={item} />
            <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.body}
            </Typography>
            {item.error && (
              <Typography variant="body2" color="error">
                {item.error}
              </Typography>
            )}
            <OutboxActions item={item} maxLength={POST_LIMITS.commentMax} />
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
