import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { EVENT_LIMITS, EVENT_PLACE_KINDS, EVENT_VISIBILITIES, type AppEvent, type CreateEventBody } from '@tribes/shared';
import { useMemo, type ReactNode } from 'react';
import { Controller, type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/inputs/number-input';
import { TextField } from '../../../components/inputs/text-field';
import { REPEAT_ENDS, REPEAT_PRESETS, useEventForm, type EventFields } from '../use-event-form';
import { knownZones } from '../zoned-time';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Where a new event may be: the tribe's villages, and a map to pick a point on (given by the page). */
export interface EventPlaceOptions {
  villages: { id: string; name: string }[];
  pickPoint?: (value: LatLng | null, onPick: (v: LatLng) => void) => ReactNode;
}

type Form = UseFormReturn<EventFields, unknown, CreateEventBody>;

const fieldId = (name: string) => `event-${name.replace(/\./g, '-')}`;

function errorOf(errors: FieldValues, name: string): string | undefined {
  const e = (get(errors, name) ?? (errors as Record<string, unknown>)[name]) as { message?: unknown } | undefined;
  return typeof e?.message === 'string' ? e.message : undefined;
}

function text(form: Form, name: Path<EventFields>, helper?: string) {
  const { ref, ...rest } = form.register(name);
  const message = errorOf(form.formState.errors, name);
  return { ...rest, inputRef: ref, id: fieldId(name), error: Boolean(message), helperText: message ?? helper };
}

/** A native select bound to a field: light, and the phone's own picker. */
function SelectField({
  form,
  name,
  label,
  options,
}: {
  form: Form;
  name: Path<EventFields>;
  label: string;
  options: { value: string; label: string }[];
}) {
  const message = errorOf(form.formState.errors, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControl fullWidth error={Boolean(message)}>
          <InputLabel variant="standard" htmlFor={fieldId(name)}>
            {label}
          </InputLabel>
          <NativeSelect
            value={String(field.value ?? '')}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            inputProps={{
              id: fieldId(name),
              name: field.name,
              'aria-describedby': message ? `${fieldId(name)}-error` : undefined,
            }}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
          {message && <FormHelperText id={`${fieldId(name)}-error`}>{message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

function NumberField({
  form,
  name,
  label,
  min,
  max,
  helper,
  decimal = false,
}: {
  form: Form;
  name: Path<EventFields>;
  label: string;
  min: number;
  max: number;
  helper?: string;
  /** Coordinates take decimals; counts do not. */
  decimal?: boolean;
}) {
  const message = errorOf(form.formState.errors, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          id={fieldId(name)}
          name={field.name}
          label={label}
          value={field.value as number | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          min={min}
          max={max}
          allowDecimal={decimal}
          error={Boolean(message)}
          helperText={message ?? helper}
        />
      )}
    />
  );
}

function Choice<V extends string>({
  form,
  name,
  label,
  values,
  labelOf,
}: {
  form: Form;
  name: Path<EventFields>;
  label: string;
  values: readonly V[];
  labelOf(v: V): string;
}) {
  const labelId = `${fieldId(name)}-label`;
  const message = errorOf(form.formState.errors, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControl error={Boolean(message)}>
          <FormLabel id={labelId}>{label}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={labelId}
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
          >
            {values.map((v) => (
              <FormControlLabel key={v} value={v} control={<Radio />} label={labelOf(v)} data-testid={`${name}-${v}`} />
            ))}
          </RadioGroup>
          {message && <FormHelperText id={fieldId(name)}>{message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** The place: a village of the tribe, a point on the map (with its name), or an online link. */
function PlaceFields({ form, places }: { form: Form; places: EventPlaceOptions }) {
  const { t } = useTranslation();
  const kind = form.watch('place_kind');
  const lat = form.watch('place.lat');
  const lng = form.watch('place.lng');
  return (
    <Stack spacing={2}>
      <Choice
        form={form}
        name="place_kind"
        label={t('events.form.place')}
        values={EVENT_PLACE_KINDS}
        labelOf={(v) => t(`events.place.${v}`)}
      />
      {kind === 'village' &&
        (places.villages.length > 0 ? (
          <SelectField
            form={form}
            name="place.village_id"
            label={t('events.form.village')}
            options={places.villages.map((v) => ({ value: v.id, label: v.name }))}
          />
        ) : (
          <FormHelperText>{t('events.form.noVillages')}</FormHelperText>
        ))}
      {kind === 'point' && (
        <>
          <TextField
            {...text(form, 'place.name')}
            label={t('events.form.placeName')}
            required
            htmlInput={{ dir: 'auto', maxLength: EVENT_LIMITS.placeNameMax }}
          />
          {places.pickPoint?.(lat !== null && lng !== null ? { lat, lng } : null, (p) => {
            form.setValue('place.lat', p.lat, { shouldDirty: true });
            form.setValue('place.lng', p.lng, { shouldDirty: true });
          })}
          <Stack direction="row" spacing={2}>
            <NumberField form={form} name="place.lat" label={t('events.form.lat')} min={-90} max={90} decimal />
            <NumberField form={form} name="place.lng" label={t('events.form.lng')} min={-180} max={180} decimal />
          </Stack>
        </>
      )}
      {kind === 'online' && (
        <>
          <TextField
            {...text(form, 'place.online_url', t('events.form.onlineHelp'))}
            label={t('events.form.onlineUrl')}
            type="url"
            required
            htmlInput={{ dir: 'ltr', inputMode: 'url' }}
          />
          <TextField
            {...text(form, 'place.name')}
            label={t('events.form.onlineName')}
            htmlInput={{ dir: 'auto', maxLength: EVENT_LIMITS.placeNameMax }}
          />
        </>
      )}
    </Stack>
  );
}

/** How it repeats: a preset (none, weekly, every N weeks, monthly), ending never, after N dates or on a day. */
function RepeatFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const preset = form.watch('repeat_preset');
  const end = form.watch('repeat_end');
  if (preset === 'none')
    return (
      <SelectField
        form={form}
        name="repeat_preset"
        label={t('events.form.repeat')}
        options={REPEAT_PRESETS.map((p) => ({ value: p, label: t(`events.repeat.${p}`) }))}
      />
    );
  return (
    <Stack spacing={2}>
      <SelectField
        form={form}
        name="repeat_preset"
        label={t('events.form.repeat')}
        options={REPEAT_PRESETS.map((p) => ({ value: p, label: t(`events.repeat.${p}`) }))}
      />
      {preset === 'weeks' && (
        <NumberField
          form={form}
          name="repeat_interval"
          label={t('events.form.interval')}
          min={2}
          max={EVENT_LIMITS.intervalMax}
        />
      )}
      <Choice
        form={form}
        name="repeat_end"
        label={t('events.form.repeatEnd')}
        values={REPEAT_ENDS}
        labelOf={(v) => t(`events.form.end_${v}`)}
      />
      {end === 'count' && (
        <NumberField form={form} name="repeat_count" label={t('events.form.count')} min={1} max={EVENT_LIMITS.countMax} />
      )}
      {end === 'until' && (
        <TextField
          {...text(form, 'repeat_until')}
          label={t('events.form.until')}
          type="date"
          required
          htmlInput={{ dir: 'ltr' }}
        />
      )}
    </Stack>
  );
}

/** Creates an event in a tribe, or edits `event`: what, when (in the organiser's zone), where, who, how often. */
export function EventFormDialog({
  tribeRef,
  event,
  places,
  onClose,
  onSaved,
}: {
  tribeRef: string;
  event?: AppEvent;
  places: EventPlaceOptions;
  onClose(): void;
  onSaved(e: AppEvent): void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { form, onSubmit, pending } = useEventForm({ tribeRef, event, villages: places.villages, onSaved });
  const zones = useMemo(() => knownZones(), []);
  const typed = form;
  const titleId = event ? 'edit-event-title' : 'create-event-title';
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} data-testid="event-form">
        <DialogTitle id={titleId}>{t(event ? 'events.form.editTitle' : 'events.form.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              {...text(typed, 'title')}
              label={t('events.form.title')}
              required
              htmlInput={{ dir: 'auto', maxLength: EVENT_LIMITS.titleMax }}
            />
            <TextField
              {...text(typed, 'description', t('events.form.descriptionHelp'))}
              label={t('events.form.description')}
              multiline
              minRows={3}
              htmlInput={{ dir: 'auto' }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...text(typed, 'starts_at')}
                label={t('events.form.startsAt')}
                type="datetime-local"
                required
                htmlInput={{ dir: 'ltr' }}
              />
              <TextField
                {...text(typed, 'ends_at')}
                label={t('events.form.endsAt')}
                type="datetime-local"
                required
                htmlInput={{ dir: 'ltr' }}
              />
            </Stack>
            <SelectField
              form={typed}
              name="time_zone"
              label={t('events.form.timeZone')}
              options={zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
            />
            <PlaceFields form={typed} places={places} />
            <NumberField
              form={typed}
              name="capacity"
              label={t('events.form.capacity')}
              min={1}
              max={EVENT_LIMITS.capacityMax}
              helper={t('events.form.capacityHelp')}
            />
            <Choice
              form={typed}
              name="visibility"
              label={t('events.form.visibility')}
              values={EVENT_VISIBILITIES}
              labelOf={(v) => t(`events.visibility.${v}`)}
            />
            <RepeatFields form={typed} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('events.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} data-testid="event-save">
            {pending ? t('events.common.saving') : t(event ? 'events.common.save' : 'events.form.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
