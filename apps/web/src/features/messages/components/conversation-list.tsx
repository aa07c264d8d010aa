import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import type { Conversation } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useSession } from '../../../lib/session/session-store';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useConversations } from '../api';
import { conversationName } from './thread';

function lastLine(c: Conversation, t: TFunction): string {
  const m = c.last_message;
  if (!m) return t('messages.list.noMessages');
  if (m.deleted) return t('messages.thread.deleted');
  if (m.body) return m.body;
  return m.attachments.some((a) => a.kind === 'voice') ? t('messages.list.voice') : t('messages.list.photo');
}

function Row({ c, me, selected }: { c: Conversation; me: string | undefined; selected: boolean }) {
  const { t } = useTranslation();
  const others = c.members.filter((m) => m.id !== me);
  const name = conversationName(c, me);
  return (
    <ListItemButton
      component={RouterLocaleLink}
      to={`/messages/${c.id}`}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      data-testid="conversation"
      data-id={c.id}
    >
      <ListItemAvatar>
        <Badge badgeContent={c.unread_count} color="error" max={99} overlap="circular" aria-hidden>
          {others.length > 1 ? (
            <AvatarGroup max={2} sx={{ '& .MuiAvatar-root': { width: 28, height: 28, fontSize: '0.8rem' } }}>
              {others.map((o) => (
                <Avatar key={o.id} src={o.avatar_url ?? undefined} alt="">
                  {o.name.slice(0, 1).toUpperCase()}
                </Avatar>
              ))}
            </AvatarGroup>
          ) : (
            <Avatar src={others[0]?.avatar_url ?? undefined} alt="">
              {(others[0]?.name ?? name).slice(0, 1).toUpperCase()}
            </Avatar>
          )}
        </Badge>
      </ListItemAvatar>
      <ListItemText
        primary={
          <Stack direction="row" spacing={0.5} alignItems="center" component="span">
            <span dir="auto" style={{ fontWeight: c.unread_count > 0 ? 700 : 500 }}>
              {name}
            </span>
            {c.muted && <NotificationsOffOutlinedIcon fontSize="inherit" aria-label={t('messages.list.muted')} />}
          </Stack>
        }
        secondary={
          <>
            <span dir="auto">{lastLine(c, t)}</span>
            {c.unread_count > 0 && (
              <Box component="span" sx={visuallyHidden}>{` · ${t('messages.list.unread', { count: c.unread_count })}`}</Box>
            )}
          </>
        }
        slotProps={{ secondary: { noWrap: true } }}
      />
    </ListItemButton>
  );
}

/** My conversations, requests to me first in their own section; the one open is marked. */
export function ConversationList({ selectedId }: { selectedId?: string }) {
  const { t } = useTranslation();
  const me = useSession().userData?.id;
  const q = useConversations();
  const all = q.data?.pages.flatMap((p) => p.items) ?? [];
  const requests = all.filter((c) => c.state === 'request_pending');
  const rest = all.filter((c) => c.state !== 'request_pending');
  if (q.isPending) return <ListSkeleton rows={4} height={64} />;
  if (q.isError && all.length === 0)
    return (
      <Alert severity="error" action={<Button onClick={() => void q.refetch()}>{t('messages.retry')}</Button>}>
        {t('messages.list.failed')}
      </Alert>
    );
  if (all.length === 0)
    return (
      <EmptyState
        icon={ForumOutlinedIcon}
        title={t('messages.list.empty')}
        body={t('messages.list.emptyBody')}
        headingLevel="h3"
      />
    );
  return (
    <>
      {requests.length > 0 && (
        <List
          aria-label={t('messages.requests.title')}
          subheader={<ListSubheader component="h3">{t('messages.requests.title')}</ListSubheader>}
          data-testid="requests"
        >
          {requests.map((c) => (
            <Row key={c.id} c={c} me={me} selected={c.id === selectedId} />
          ))}
        </List>
      )}
      <List aria-label={t('messages.list.label')} data-testid="conversations">
        {rest.map((c) => (
          <Row key={c.id} c={c} me={me} selected={c.id === selectedId} />
        ))}
      </List>
      <LoadMore hasMore={Boolean(q.hasNextPage)} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
    </>
  );
}
