import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppEvent } from '@tribes/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { EmptyState } from '../../../components/empty-state';
import { LocaleLink } from '../../../components/locale-link';
import { RichText } from '../../../components/rich-text';
import { usePageTitle } from '../../../lib/use-page-title';
import { useEvent } from '../api';
import { browserZone, formatRange, sameWallTime } from '../zoned-time';
import { Attendees } from './attendees';
import type { EventPlaceOptions, LatLng } from './event-form-dialog';
import { placeLabel } from './occurrence-card';
import { OrganiserActions } from './organiser-actions';
import { RsvpPanel } from './rsvp-panel';
import { ShareActions } from './share-actions';

/** What the page gives the event: a small map of a place, and the tribe's places for the edit form. */
export interface EventViewSlots {
  placeMap(point: LatLng, label: string): ReactNode;
  usePlaces(tribeRef: string): EventPlaceOptions;
}

function When({ event }: { event: AppEvent }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mine = browserZone();
  const start = event.occurrence_starts_at;
  const end = event.occurrence_ends_at;
  return (
    <Stack direction="row" spacing={1.5} alignItems="flex-start">
      <ScheduleOutlinedIcon color="action" aria-hidden sx={{ mt: 0.25 }} />
      <Stack spacing={0.25}>
        <Typography data-testid="event-when-mine">
          <bdi>{formatRange(start, end, mine, locale)}</bdi>
        </Typography>
        {!sameWallTime(start, mine, event.time_zone) && (
          <Typography variant="body2" color="text.secondary" data-testid="event-when-organiser">
            {t('events.page.organiserTime', { zone: event.time_zone.replace(/_/g, ' ') })}{' '}
            <bdi>{formatRange(start, end, event.time_zone, locale)}</bdi>
          </Typography>
        )}
        {event.repeat && (
          <Typography variant="body2" color="text.secondary">
            {event.repeat.freq === 'monthly'
              ? t('events.page.repeatsMonthly')
              : event.repeat.interval > 1
                ? t('events.page.repeatsWeeks', { count: event.repeat.interval })
                : t('events.page.repeatsWeekly')}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}

function Place({ event, slots }: { event: AppEvent; slots: EventViewSlots }) {
  const { t } = useTranslation();
  const p = event.place;
  if (p.kind === 'online')
    return (
      <Stack direction="row" spacing={1.5} alignItems="center">
        <LinkOutlinedIcon color="action" aria-hidden />
        <Link href={p.online_url} target="_blank" rel="noopener noreferrer" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
          {p.name ?? p.online_url}
        </Link>
      </Stack>
    );
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1.5} alignItems="center">
        <PlaceOutlinedIcon color="action" aria-hidden />
        <Typography>
          <bdi>{placeLabel(p, t)}</bdi>
        </Typography>
      </Stack>
      {p.lat !== undefined && p.lng !== undefined && slots.placeMap({ lat: p.lat, lng: p.lng }, t('events.page.mapLabel'))}
    </Stack>
  );
}

function Organisers({ event, slots }: { event: AppEvent; slots: EventViewSlots }) {
  const places = slots.usePlaces(event.tribe.slug);
  return <OrganiserActions event={event} places={places} />;
}

/** An event's page: cover, title, when (mine and the organiser's), where (on a map), RSVP, attendees, calendar, share. */
export function EventView({ id, occurrence, slots }: { id: string; occurrence: string | null; slots: EventViewSlots }) {
  const { t } = useTranslation();
  const q = useEvent(id, occurrence);
  const event = q.data;
  usePageTitle(event?.title ?? t('events.page.title'));
  if (q.isPending)
    return (
      <Stack spacing={2} data-testid="event-skeleton">
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="text" height={48} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  if (!event)
    return <EmptyState icon={EventBusyOutlinedIcon} title={t('events.page.notFound')} body={t('events.page.notFoundBody')} />;
  return (
    <Stack spacing={2} component="article" aria-labelledby="event-title" data-testid="event-page">
      {event.cover_url && (
        <Box
          component="img"
          src={event.cover_url}
          alt=""
          sx={{ width: '100%', aspectRatio: '3 / 1', objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      {event.status === 'cancelled' && (
        <Alert severity="error" data-testid="event-cancelled">
          {t('events.page.cancelled')}
        </Alert>
      )}
      <Stack spacing={1}>
        <Typography
          id="event-title"
          variant="h1"
          sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, fontWeight: 700, overflowWrap: 'anywhere' }}
          dir="auto"
        >
          {event.title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} alignItems="center">
          <LocaleLink to={`/tribes/${event.tribe.slug}?tab=events`}>
            <bdi>{event.tribe.name}</bdi>
          </LocaleLink>
          {event.organiser && (
            <Typography variant="body2" color="text.secondary">
              {t('events.page.by')} <bdi>{event.organiser.name}</bdi>
            </Typography>
          )}
          <Chip size="small" variant="outlined" label={t(`events.visibility.${event.visibility}`)} />
        </Stack>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <When event={event} />
          <Place event={event} slots={slots} />
          <ShareActions event={event} where={placeLabel(event.place, t)} />
        </Stack>
      </Paper>
      {event.can_edit && event.status !== 'cancelled' && <Organisers event={event} slots={slots} />}
      <RsvpPanel key={`${event.id}-${event.occurrence ?? ''}`} event={event} />
      {event.description_html && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('events.page.about')}>
          <RichText html={event.description_html} />
        </Paper>
      )}
      <Attendees eventId={event.id} occurrence={event.occurrence} />
    </Stack>
  );
}
