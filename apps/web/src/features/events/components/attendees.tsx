import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { LocaleLink } from '../../../components/locale-link';
import { useAttendees } from '../api';

/** Who is going, interested or waitlisted for one date, going first, page by page. */
export function Attendees({ eventId, occurrence }: { eventId: string; occurrence: string | null }) {
  const { t } = useTranslation();
  const q = useAttendees(eventId, occurrence);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="attendees-heading">
      <Stack spacing={1}>
        <Typography id="attendees-heading" variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
          {t('events.attendees.heading')}
        </Typography>
        {q.isPending ? (
          <ListSkeleton rows={2} height={72} />
        ) : items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('events.attendees.empty')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="attendees">
            {items.map((a) => (
              <ListItem
                key={a.user.id}
                disableGutters
                secondaryAction={
                  <Chip
                    size="small"
                    color={a.status === 'going' ? 'success' : a.status === 'waitlisted' ? 'warning' : 'default'}
                    label={t(`events.attendees.${a.status}`)}
                  />
                }
              >
                <ListItemAvatar>
                  <Avatar src={a.user.avatar_url ?? undefined} alt="">
                    {a.user.name.slice(0, 1)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <LocaleLink to={`/user-profile/${a.user.id}`} underline="hover" color="inherit">
                      <bdi>{a.user.name}</bdi>
                    </LocaleLink>
                  }
                  secondary={a.guests > 0 ? t('events.attendees.guests', { count: a.guests }) : undefined}
                />
              </ListItem>
            ))}
          </List>
        )}
        <LoadMore hasMore={Boolean(q.hasNextPage)} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
      </Stack>
    </Paper>
  );
}
