import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import { notificationPath, type AppNotification } from '@tribes/shared';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { RouterLocaleLink } from '../../../components/locale-link';
import { formatPostTime } from '../../../lib/post-time';
import { numberFormat } from '../../../lib/intl';
import { visuallyHidden } from '../../../lib/visually-hidden';

/**
 * Unicode isolates around a name or title: bidi-safe inside a sentence of the other direction. A line break
 * (a post excerpt's paragraphs) would end the isolate, so whitespace runs become one space.
 */
const isolate = (s: string) => `\u2068${s.replace(/\s+/g, ' ').trim()}\u2069`;

/** What a notification says, by kind, in the reader's language (a gift with its amount; an anonymous donor unnamed). */
export function notificationText(t: TFunction, n: AppNotification, locale = 'en'): string {
  const nobody = n.kind === 'donation_received' ? 'realtime.kind.anonymousDonor' : 'realtime.kind.someone';
  const actor = isolate(n.actor?.name || t(nobody));
  const amount = n.subject.amount;
  return t(`realtime.kind.${n.kind}`, {
    actor,
    title: isolate(n.subject.title),
    ...(amount !== undefined ? { amount: numberFormat(locale).format(amount), count: amount } : {}),
  });
}

/** Where a notification leads (shared with push, which opens the same page). */
export { notificationPath };

export interface NotificationListProps {
  items: readonly AppNotification[];
  /** A notification is followed (and so read). */
  onOpen(n: AppNotification): void;
  now?: Date;
}

/** Notifications, newest first: who, what (by kind), when in the reader's language, and a link. */
export function NotificationList({ items, onOpen, now }: NotificationListProps) {
  const { t, i18n } = useTranslation();
  return (
    <List dense disablePadding aria-label={t('realtime.bell.title')} data-testid="notification-list">
      {items.map((n) => {
        const text = notificationText(t, n, i18n.language);
        const time = formatPostTime(n.created_at, i18n.language, now);
        return (
          <ListItem key={n.id} disablePadding>
            <ListItemButton
              component={RouterLocaleLink}
              to={notificationPath(n)}
              onClick={() => onOpen(n)}
              data-testid="notification"
              data-read={n.read ? 'true' : 'false'}
              sx={{ alignItems: 'flex-start', bgcolor: n.read ? undefined : 'action.hover', gap: 0 }}
            >
              <ListItemAvatar sx={{ mt: 0.5 }}>
                {n.actor ? (
                  <Avatar src={n.actor.avatar_url ?? undefined} alt="" aria-hidden sx={{ width: 36, height: 36 }}>
                    {n.actor.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                ) : (
                  <Avatar aria-hidden sx={{ width: 36, height: 36, bgcolor: 'success.main' }}>
                    <CheckCircleOutlineIcon fontSize="small" />
                  </Avatar>
                )}
              </ListItemAvatar>
              <ListItemText
                primary={
                  <>
                    {!n.read && (
                      <Box component="span" sx={visuallyHidden}>
                        {`${t('realtime.bell.unreadMark')}: `}
                      </Box>
                    )}
                    {text}
                  </>
                }
                secondary={
                  <time dateTime={n.created_at} title={time.full}>
                    {time.short}
                  </time>
                }
                slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600, overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
