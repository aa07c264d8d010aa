import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POST_LIMITS } from '@tribes/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/session-store';
import type { OutboxItem, OutboxPhoto } from '../../lib/offline/outbox-types';
import { useOutboxItems } from '../../lib/offline/use-outbox';
import { OutboxActions } from './outbox-actions';
import { OutboxStatus } from './outbox-status';

/** Thumbnails of a waiting post's photos, from the Blobs kept on the device. */
function Thumbnails({ photos }: { photos: OutboxPhoto[] }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = photos.map((p) => URL.createObjectURL(p.blob));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [photos]);
  if (urls.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
      {urls.map((url, i) => (
        <Box
          key={url}
          component="img"
          src={url}
          alt={photos[i]?.alt ?? ''}
          sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
        />
      ))}
    </Stack>
  );
}

/** One post written offline: its text, its photos, its state, and edit/cancel. */
function OutboxPostCard({ item }: { item: Extract<OutboxItem, { kind: 'post' }> }) {
  const { userData } = useSession();
  const name = userData?.name ?? '';
  return (
    <Card variant="outlined" component="article" data-testid="outbox-post" sx={{ borderStyle: 'dashed' }}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1.5} alignItems="center">
            <Avatar src={userData?.avatar_url ?? undefined} alt="" sx={{ width: 44, height: 44 }}>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Typography sx={{ fontWeight: 700, flexGrow: 1 }}>
              <bdi>{name}</bdi>
            </Typography>
            <OutboxStatus item={item} />
          </Stack>
          {item.body && (
            <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="outbox-post-body">
              {item.body}
            </Typography>
          )}
          <Thumbnails photos={item.photos} />
          {item.error && (
            <Typography variant="body2" color="error">
              {item.error}
            </Typography>
          )}
          <OutboxActions item={item} maxLength={POST_LIMITS.bodyMax} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * The member's posts waiting in the outbox, above a list of posts: all of them on /home, a tribe's
 * on its page. Nothing when none waits.
 */
export function OutboxPosts({ tribeId }: { tribeId?: string }) {
  const { t } = useTranslation();
  const items = useOutboxItems('post', (i) => tribeId === undefined || i.tribe_id === tribeId);
  if (items.length === 0) return null;
  return (
    <Stack component="section" spacing={2} aria-label={t('outbox.heading')} data-testid="outbox-posts">
      {items.map((item) => (
        <OutboxPostCard key={item.id} item={item} />
      ))}
    </Stack>
  );
}
