import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventPlace, Occurrence } from '@tribes/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { LocaleLink } from '../../../components/locale-link';
import { dateTimeFormat } from '../../../lib/intl';
import { browserZone, formatRange } from '../zoned-time';

/** An event's page, at one date of a repeating event. */
export const eventPath = (id: string, occurrence: string | null) =>
  `/events/${id}${occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ''}`;

/** Where, in a few words: the village's or point's name, or "Online". */
export function placeLabel(place: EventPlace, t: TFunction): string {
  if (place.kind === 'online') return place.name ? `${t('events.place.online')} · ${place.name}` : t('events.place.online');
  return place.name ?? '';
}

/** One date of an event in a list: date block, title (the link), when in my zone, where, who goes. */
export function OccurrenceCard({ occurrence: o, showTribe = false }: { occurrence: Occurrence; showTribe?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const zone = browserZone();
  const start = new Date(o.starts_at);
  const dayFmt = dateTimeFormat(locale, { timeZone: zone, day: 'numeric' });
  const monthFmt = dateTimeFormat(locale, { timeZone: zone, month: 'short' });
  return (
    <Paper variant="outlined" sx={{ display: 'flex', gap: 2, p: 2, alignItems: 'flex-start' }} data-testid="event-card">
      <Box
        aria-hidden
        sx={{
          minWidth: 52,
          textAlign: 'center',
          borderRadius: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          py: 0.5,
        }}
      >
        <Typography sx={{ fontSize: '1.3rem', fontWeight: 700, lineHeight: 1.2 }}>{dayFmt.format(start)}</Typography>
        <Typography variant="caption">{monthFmt.format(start)}</Typography>
      </Box>
      <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, overflowWrap: 'anywhere' }} dir="auto">
          <LocaleLink to={eventPath(o.event_id, o.occurrence)} underline="hover" color="inherit">
            {o.title}
          </LocaleLink>
        </Typography>
        <Typography variant="body2" data-testid="event-when">
          <bdi>{formatRange(o.starts_at, o.ends_at, zone, locale)}</bdi>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <bdi>{placeLabel(o.place, t)}</bdi>
          {showTribe && (
            <>
              {' · '}
              <bdi>{o.tribe.name}</bdi>
            </>
          )}
          {o.distance_km !== null && ` · ${t('events.card.distance', { km: Math.round(o.distance_km) })}`}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 0.5 }}>
          <Chip
            size="small"
            variant="outlined"
            icon={<EventOutlinedIcon />}
            label={t('events.card.going', { count: o.going_count })}
          />
          {o.repeating && <Chip size="small" variant="outlined" label={t('events.card.repeating')} />}
          {o.moved && <Chip size="small" color="warning" label={t('events.card.moved')} />}
          {o.visibility === 'public' && <Chip size="small" variant="outlined" label={t('events.visibility.public')} />}
          {o.my_rsvp && o.my_rsvp !== 'not_going' && (
            <Chip
              size="small"
              color={o.my_rsvp === 'waitlisted' ? 'warning' : 'success'}
              label={t(`events.rsvp.mine_${o.my_rsvp}`)}
            />
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
