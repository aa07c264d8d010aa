import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { AppEvent } from '@tribes/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/inputs/text-field';
import { useCancelEvent, useEventCover, useUpdateEvent } from '../api';
import { isoToWall, wallToIso } from '../zoned-time';
import { EventFormDialog, type EventPlaceOptions } from './event-form-dialog';

/** Moves one date of a repeating event to other times (in the event's zone), or cancels that date only. */
function OccurrenceDialog({ event, onClose }: { event: AppEvent; onClose(): void }) {
  const { t } = useTranslation();
  const update = useUpdateEvent(event.id);
  const zone = event.time_zone;
  const [start, setStart] = useState(isoToWall(event.occurrence_starts_at, zone));
  const [end, setEnd] = useState(isoToWall(event.occurrence_ends_at, zone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const occurrence = event.occurrence ?? event.starts_at;
  const send = (body: { starts_at?: string; ends_at?: string; cancelled?: boolean }) =>
    update
      .mutateAsync({
        body: { occurrence, ...body },
        onFieldErrors: (e) => {
          setErrors(Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v.join(' ')])));
          return true;
        },
      })
      .then(onClose)
      .catch(() => undefined);
  const move = () => {
    const starts_at = wallToIso(start, zone);
    const ends_at = wallToIso(end, zone);
    if (!starts_at || !ends_at) return setErrors({ starts_at: t('events.form.badTime') });
    if (Date.parse(ends_at) <= Date.parse(starts_at)) return setErrors({ ends_at: t('events.form.endBeforeStart') });
    void send({ starts_at, ends_at });
  };
  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="occurrence-title">
      <DialogTitle id="occurrence-title">{t('events.organiser.dateTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('events.organiser.dateBody', { zone })}</DialogContentText>
        <Stack spacing={2}>
          <TextField
            id="occurrence-start"
            label={t('events.form.startsAt')}
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            error={Boolean(errors.starts_at)}
            helperText={errors.starts_at}
            htmlInput={{ dir: 'ltr' }}
          />
          <TextField
            id="occurrence-end"
            label={t('events.form.endsAt')}
            type="datetime-local"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={Boolean(errors.ends_at)}
            helperText={errors.ends_at}
            htmlInput={{ dir: 'ltr' }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="error" disabled={update.isPending} onClick={() => void send({ cancelled: true })}>
          {t('events.organiser.cancelDate')}
        </Button>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('events.common.cancel')}
        </Button>
        <Button variant="contained" disabled={update.isPending} onClick={move}>
          {t('events.organiser.moveDate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the organisers may do: edit, set the cover, move or cancel one date, cancel the event (asked first). */
export function OrganiserActions({ event, places }: { event: AppEvent; places: EventPlaceOptions }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'edit' | 'date' | 'cancel' | null>(null);
  const cancel = useCancelEvent(event.id);
  const cover = useEventCover(event.id);
  const file = useRef<HTMLInputElement>(null);
  if (!event.can_edit || event.status === 'cancelled') return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="organiser-actions">
      <Button startIcon={<EditOutlinedIcon />} onClick={() => setOpen('edit')} data-testid="edit-event">
        {t('events.organiser.edit')}
      </Button>
      <Button startIcon={<ImageOutlinedIcon />} onClick={() => file.current?.click()} disabled={cover.isPending}>
        {t('events.organiser.cover')}
      </Button>
      <input
        ref={file}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) cover.mutate(f);
          e.target.value = '';
        }}
      />
      {event.repeat && (
        <Button startIcon={<ScheduleOutlinedIcon />} onClick={() => setOpen('date')}>
          {t('events.organiser.changeDate')}
        </Button>
      )}
      <Button color="error" startIcon={<EventBusyOutlinedIcon />} onClick={() => setOpen('cancel')} data-testid="cancel-event">
        {t('events.organiser.cancelEvent')}
      </Button>
      {open === 'edit' && (
        <EventFormDialog
          tribeRef={event.tribe.slug}
          event={event}
          places={places}
          onClose={() => setOpen(null)}
          onSaved={() => setOpen(null)}
        />
      )}
      {open === 'date' && <OccurrenceDialog event={event} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={open === 'cancel'}
        title={t('events.organiser.cancelTitle')}
        body={t('events.organiser.cancelBody')}
        confirmLabel={t('events.organiser.cancelConfirm')}
        pending={cancel.isPending}
        onClose={() => setOpen(null)}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setOpen(null) })}
      />
    </Stack>
  );
}
