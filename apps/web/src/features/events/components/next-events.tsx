import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Occurrence } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { LocaleLink } from '../../../components/locale-link';
import { AsideCard } from '../../../components/page-columns';
import { dateTimeFormat } from '../../../lib/intl';
import { useEvents, useTribeEvents } from '../api';
import { browserZone } from '../zoned-time';
import { eventPath } from './occurrence-card';

/** A row: the title on one line and the date on one line. */
const ROW_HEIGHT = 46;
const ROW_GAP = 8;
const LIST_HEIGHT = 3 * ROW_HEIGHT + 2 * ROW_GAP;

function Rows({ items, pending, more }: { items: Occurrence[]; pending: boolean; more: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fmt = dateTimeFormat(locale, {
    timeZone: browserZone(),
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <AsideCard title={t('events.aside.heading')} testId="next-events">
      <Stack spacing={1}>
        {/* The same height loading, empty or full (three one-line rows at most): the card never moves what is below it. */}
        <Box sx={{ height: LIST_HEIGHT, overflow: 'hidden' }}>
          {pending ? (
            <Skeleton variant="rounded" height={LIST_HEIGHT} />
          ) : items.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('events.aside.empty')}
            </Typography>
          ) : (
            <Stack component="ul" spacing={`${ROW_GAP}px`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {items.map((o) => (
                <Box component="li" key={`${o.event_id}-${o.occurrence ?? ''}`} sx={{ height: ROW_HEIGHT, minWidth: 0 }}>
                  <LocaleLink
                    to={eventPath(o.event_id, o.occurrence)}
                    underline="hover"
                    sx={{ fontWeight: 600, display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
                  >
                    <bdi>{o.title}</bdi>
                  </LocaleLink>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {fmt.format(new Date(o.starts_at))}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
        <LocaleLink to={more} variant="body2">
          {t('events.aside.all')}
        </LocaleLink>
      </Stack>
    </AsideCard>
  );
}

/** A tribe's next three dates, for the side column of its page. */
export function TribeNextEvents({ tribeRef }: { tribeRef: string }) {
  const q = useTribeEvents(tribeRef, 3);
  return (
    <Rows items={(q.data?.pages[0]?.items ?? []).slice(0, 3)} pending={q.isPending} more={`/tribes/${tribeRef}?tab=events`} />
  );
}

/** My next dates (my tribes' and public events), for the home page's side column. */
export function UpcomingEvents() {
  const q = useEvents('all', null);
  return <Rows items={(q.data?.pages[0]?.items ?? []).slice(0, 3)} pending={q.isPending} more="/events" />;
}
