import { useForm } from 'react-hook-form';
import type { AppEvent, CreateEventBody, EventPlaceKind, EventVisibility } from '@tribes/shared';
import { useLocale } from '../../app/locale-hooks';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, requiredWhenEmpty, schemaResolver, type Parsed, type SafeParser } from '../../lib/form-resolver';
import { useCreateEvent, useUpdateEvent } from './api';
import { browserZone, isoToWall, wallToIso } from './zoned-time';

export const REPEAT_PRESETS = ['none', 'weekly', 'weeks', 'monthly'] as const;
export type RepeatPreset = (typeof REPEAT_PRESETS)[number];
export const REPEAT_ENDS = ['never', 'count', 'until'] as const;
export type RepeatEnd = (typeof REPEAT_ENDS)[number];

/** The form's values: wall times in the organiser's zone; the place and repeat as the form asks them. */
export interface EventFields {
  title: string;
  description: string;
  /** "2026-03-28T19:00", read in time_zone. */
  starts_at: string;
  ends_at: string;
  time_zone: string;
  place_kind: EventPlaceKind;
  place: { village_id: string; name: string; lat: number | null; lng: number | null; online_url: string };
  capacity: number | null;
  visibility: EventVisibility;
  repeat_preset: RepeatPreset;
  repeat_interval: number | null;
  repeat_end: RepeatEnd;
  repeat_count: number | null;
  /** "2026-06-30": the last day a date may fall on. */
  repeat_until: string;
}

export const EVENT_FIELDS = [
  'title',
  'description',
  'starts_at',
  'ends_at',
  'time_zone',
  'place_kind',
  'place.village_id',
  'place.name',
  'place.lat',
  'place.lng',
  'place.online_url',
  'capacity',
  'visibility',
  'repeat_interval',
  'repeat_count',
  'repeat_until',
] as const;

/** A body's field (as the schema and the server name it) → the form's field that shows its error. */
export function formFieldOf(path: string): string {
  switch (path) {
    case 'place':
      return 'place_kind';
    case 'repeat':
    case 'repeat.freq':
      return 'repeat_interval';
    case 'repeat.interval':
      return 'repeat_interval';
    case 'repeat.count':
      return 'repeat_count';
    case 'repeat.until':
      return 'repeat_until';
    default:
      return path;
  }
}

const inTwoDays = () => {
  const d = new Date(Date.now() + 2 * 86_400_000);
  d.setMinutes(0, 0, 0);
  d.setHours(18);
  return d;
};

/** The form's starting values: an event's, or a new one in two days at 18:00 for two hours, in my zone. */
export function eventValues(e?: AppEvent, villages: { id: string }[] = []): EventFields {
  const zone = e?.time_zone ?? browserZone();
  const start = e?.starts_at ?? inTwoDays().toISOString();
  const end = e?.ends_at ?? new Date(Date.parse(start) + 2 * 3_600_000).toISOString();
  const r = e?.repeat;
  return {
    title: e?.title ?? '',
    description: e?.description ?? '',
    starts_at: isoToWall(start, zone),
    ends_at: isoToWall(end, zone),
    time_zone: zone,
    place_kind: e?.place.kind ?? (villages.length > 0 ? 'village' : 'point'),
    place: {
      village_id: e?.place.village_id ?? villages[0]?.id ?? '',
      name: e?.place.kind === 'village' ? '' : (e?.place.name ?? ''),
      lat: e?.place.kind === 'point' ? (e.place.lat ?? null) : null,
      lng: e?.place.kind === 'point' ? (e.place.lng ?? null) : null,
      online_url: e?.place.online_url ?? '',
    },
    capacity: e?.capacity ?? null,
    visibility: e?.visibility ?? 'tribe',
    repeat_preset: !r ? 'none' : r.freq === 'monthly' ? 'monthly' : r.interval > 1 ? 'weeks' : 'weekly',
    repeat_interval: r?.interval ?? 2,
    repeat_end: r?.count ? 'count' : r?.until ? 'until' : 'never',
    repeat_count: r?.count ?? 10,
    repeat_until: r?.until ? isoToWall(r.until, zone).slice(0, 10) : '',
  };
}

/** The form's values → the API's body: times with the zone's offset, one kind of place, the repeat preset as a rule. */
export function toEventBody(v: EventFields): CreateEventBody {
  const zone = v.time_zone;
  const place =
    v.place_kind === 'village'
      ? { village_id: v.place.village_id }
      : v.place_kind === 'point'
        ? {
            name: v.place.name,
            ...(v.place.lat === null ? {} : { lat: v.place.lat }),
            ...(v.place.lng === null ? {} : { lng: v.place.lng }),
          }
        : { online_url: v.place.online_url, ...(v.place.name.trim() ? { name: v.place.name } : {}) };
  const repeat =
    v.repeat_preset === 'none'
      ? null
      : {
          freq: v.repeat_preset === 'monthly' ? ('monthly' as const) : ('weekly' as const),
          ...(v.repeat_preset === 'weeks' ? { interval: v.repeat_interval ?? Number.NaN } : {}),
          ...(v.repeat_end === 'count' ? { count: v.repeat_count ?? Number.NaN } : {}),
          ...(v.repeat_end === 'until' ? { until: wallToIso(`${v.repeat_until}T23:59`, zone) ?? '' } : {}),
        };
  return {
    title: v.title,
    description: v.description,
    starts_at: wallToIso(v.starts_at, zone) ?? '',
    ends_at: wallToIso(v.ends_at, zone) ?? '',
    time_zone: zone,
    place,
    capacity: v.capacity,
    visibility: v.visibility,
    repeat,
  };
}

const bodyParser = requiredWhenEmpty(lazyParser((s) => s.CreateEventBodySchema));

/** The create schema checks the form (an edit sends every field too), its issues placed on the form's fields. */
export const eventSchema: SafeParser<CreateEventBody> = {
  async safeParse(values) {
    const result: Parsed<CreateEventBody> = await bodyParser.safeParse(toEventBody(values as EventFields));
    if (result.success) return result;
    const issues = result.error.issues.map((i) => ({ ...i, path: formFieldOf(i.path.map(String).join('.')).split('.') }));
    return { success: false, error: { issues } };
  },
};

/** Creates an event in a tribe (leaders and moderators), or edits `event`. */
export function useEventForm({
  tribeRef,
  event,
  villages,
  onSaved,
}: {
  tribeRef: string;
  event?: AppEvent;
  villages: { id: string }[];
  onSaved(e: AppEvent): void;
}) {
  const locale = useLocale();
  const create = useCreateEvent(tribeRef);
  const update = useUpdateEvent(event?.id ?? '');
  const form = useForm<EventFields, unknown, CreateEventBody>({
    resolver: schemaResolver<EventFields, CreateEventBody>(eventSchema, locale),
    defaultValues: eventValues(event, villages),
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const place = fieldErrorsTo(form.setError, EVENT_FIELDS);
    const onFieldErrors: FieldErrorsHandler = (errors) =>
      place(Object.fromEntries(Object.entries(errors).map(([k, v]) => [formFieldOf(k), v])));
    const saved = await (event ? update.mutateAsync({ body, onFieldErrors }) : create.mutateAsync({ body, onFieldErrors })).catch(
      () => undefined,
    );
    if (saved) onSaved(saved);
  });
  return { form, onSubmit, pending: create.isPending || update.isPending };
}
