import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { EVENT_LIMITS, RSVP_ANSWERS, type AppEvent, type RsvpAnswer } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OutboxActions } from '../../../components/offline/outbox-actions';
import { useOutboxItems } from '../../../lib/offline/use-outbox';
import { useRsvp } from '../api';

const icons = { going: CheckCircleOutlineIcon, interested: StarOutlineIcon, not_going: HighlightOffIcon } as const;

/**
 * My answer to one date of an event: going, interested or not going, with guests; "waitlisted" when going
 * found it full (with my place in line). Offline, the answer waits in the outbox and shows as waiting.
 */
export function RsvpPanel({ event }: { event: AppEvent }) {
  const { t } = useTranslation();
  const rsvp = useRsvp(event);
  const [guests, setGuests] = useState(event.my_guests);
  const waiting = useOutboxItems('rsvp', (i) => i.event_id === event.id && (i.body.occurrence ?? null) === event.occurrence);
  const pending = waiting.at(-1);
  const past = Date.parse(event.occurrence_ends_at) < Date.now();
  const closed = event.status === 'cancelled' || past;
  const mine = pending?.status === 'pending' ? pending.body.status : event.my_rsvp;
  const selected: RsvpAnswer | null = mine === 'waitlisted' ? 'going' : mine;
  const answer = (status: RsvpAnswer, withGuests = guests) =>
    rsvp.mutate({
      status,
      ...(event.occurrence ? { occurrence: event.occurrence } : {}),
      ...(status === 'going' ? { guests: withGuests } : {}),
    });
  const left = event.capacity === null ? null : Math.max(0, event.capacity - event.going_count);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="rsvp-heading" data-testid="rsvp-panel">
      <Stack spacing={1.5}>
        <Typography id="rsvp-heading" variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
          {t('events.rsvp.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="going-count">
          {t('events.rsvp.goingCount', { count: event.going_count })}
          {left !== null && ` · ${t('events.rsvp.placesLeft', { count: left })}`}
          {event.waitlist_count > 0 && ` · ${t('events.rsvp.waitlist', { count: event.waitlist_count })}`}
        </Typography>
        {closed ? (
          <Alert severity="info">{t(event.status === 'cancelled' ? 'events.rsvp.cancelled' : 'events.rsvp.past')}</Alert>
        ) : (
          <>
            <ToggleButtonGroup
              exclusive
              value={selected}
              onChange={(_e, v: RsvpAnswer | null) => v && answer(v)}
              aria-label={t('events.rsvp.heading')}
              disabled={rsvp.isPending}
              sx={{ flexWrap: 'wrap' }}
            >
              {RSVP_ANSWERS.map((a) => {
                const Icon = icons[a];
                return (
                  <ToggleButton key={a} value={a} data-testid={`rsvp-${a}`} sx={{ gap: 0.5, flex: 1, minWidth: 96 }}>
                    <Icon fontSize="small" aria-hidden />
                    {t(`events.rsvp.${a}`)}
                  </ToggleButton>
                );
              })}
            </ToggleButtonGroup>
            {selected === 'going' && (
              <FormControl size="small" sx={{ maxWidth: 200 }}>
                <InputLabel variant="standard" htmlFor="rsvp-guests">
                  {t('events.rsvp.guests')}
                </InputLabel>
                <NativeSelect
                  value={guests}
                  inputProps={{ id: 'rsvp-guests', name: 'guests' }}
                  onChange={(e) => {
                    const n = Number(e.target.value);
                    setGuests(n);
                    answer('going', n);
                  }}
                >
                  {Array.from({ length: EVENT_LIMITS.guestsMax + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {t('events.rsvp.guestCount', { count: n })}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
            )}
          </>
        )}
        {pending?.status === 'failed' ? (
          // The server refused the answer sent from the outbox (the date was cancelled meanwhile...): say why, let it go.
          <Alert severity="error" data-testid="rsvp-refused">
            {pending.error}
            <OutboxActions item={pending} />
          </Alert>
        ) : pending ? (
          <Alert severity="info" icon={<HourglassEmptyIcon />} data-testid="rsvp-waiting">
            {t('events.rsvp.waiting')}
          </Alert>
        ) : event.my_rsvp === 'waitlisted' ? (
          <Alert severity="warning" data-testid="rsvp-waitlisted">
            {event.my_waitlist_position
              ? t('events.rsvp.waitlistedAt', { position: event.my_waitlist_position })
              : t('events.rsvp.waitlisted')}
          </Alert>
        ) : event.my_rsvp === 'going' ? (
          <Alert severity="success" data-testid="rsvp-going">
            {t('events.rsvp.youGo')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
