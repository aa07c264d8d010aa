import { useForm, type FieldErrors } from 'react-hook-form';
import type { CreateTribeBody, CreateVillageBody, Tribe, TribeVisibility, UpdateTribeBody } from '@tribes/shared';
import { useLocale } from '../../app/locale-hooks';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, requiredWhenEmpty, schemaResolver } from '../../lib/form-resolver';
import { useCreateTribe, useRegisterVillage, useUpdateTribe } from './api';

const createTribeParser = requiredWhenEmpty(lazyParser((s) => s.CreateTribeBodySchema));
const updateTribeParser = requiredWhenEmpty(lazyParser((s) => s.UpdateTribeBodySchema));
const createVillageParser = requiredWhenEmpty(lazyParser((s) => s.CreateVillageBodySchema));

/** Latitude and longitude of a form, for the coordinate fields and the map picker. */
export interface CoordinatesBinding {
  lat: number | null;
  lng: number | null;
  errors: { lat?: string; lng?: string };
  onChange(next: { lat?: number | null; lng?: number | null }): void;
}

function coordinates(
  values: [number | null, number | null],
  errors: FieldErrors<{ lat: number | null; lng: number | null }>,
  set: (key: 'lat' | 'lng', value: number | null) => void,
): CoordinatesBinding {
  return {
    lat: values[0],
    lng: values[1],
    errors: { lat: errors.lat?.message, lng: errors.lng?.message },
    onChange: (next) => {
      if (next.lat !== undefined) set('lat', next.lat);
      if (next.lng !== undefined) set('lng', next.lng);
    },
  };
}

export interface TribeFields {
  name: string;
  description: string;
  region: string;
  visibility: TribeVisibility;
  lat: number | null;
  lng: number | null;
}
const TRIBE_FIELDS = ['name', 'description', 'region', 'visibility', 'lat', 'lng'] as const;

const tribeValues = (tribe?: Tribe): TribeFields => ({
  name: tribe?.name ?? '',
  description: tribe?.description ?? '',
  region: tribe?.region ?? '',
  visibility: tribe?.visibility ?? 'open',
  lat: tribe?.lat ?? null,
  lng: tribe?.lng ?? null,
});

/** Creating a tribe (leaders): POST /v1/tribes; `onCreated` receives the new tribe. */
export function useCreateTribeForm(onCreated: (tribe: Tribe) => void | Promise<void>) {
  const locale = useLocale();
  const create = useCreateTribe();
  const form = useForm<TribeFields, unknown, CreateTribeBody>({
    resolver: schemaResolver<TribeFields, CreateTribeBody>(createTribeParser, locale),
    defaultValues: tribeValues(),
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const tribe = await create
      .mutateAsync({ body, onFieldErrors: fieldErrorsTo(form.setError, TRIBE_FIELDS) })
      .catch(() => undefined);
    if (tribe) await onCreated(tribe);
  });
  const coords = coordinates(form.watch(['lat', 'lng']), form.formState.errors, (k, v) =>
    form.setValue(k, v, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  );
  return { form, onSubmit, pending: create.isPending, coords };
}

/** Editing a tribe (leaders): PATCH /v1/tribes/{id}. */
export function useEditTribeForm(tribe: Tribe) {
  const locale = useLocale();
  const update = useUpdateTribe(tribe.id);
  const form = useForm<TribeFields, unknown, UpdateTribeBody>({
    resolver: schemaResolver<TribeFields, UpdateTribeBody>(updateTribeParser, locale),
    values: tribeValues(tribe),
    resetOptions: { keepDirtyValues: true },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    await update.mutateAsync({ body, onFieldErrors: fieldErrorsTo(form.setError, TRIBE_FIELDS) }).catch(() => undefined);
  });
  const coords = coordinates(form.watch(['lat', 'lng']), form.formState.errors, (k, v) =>
    form.setValue(k, v, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  );
  return { form, onSubmit, pending: update.isPending, coords };
}

export interface VillageFields {
  name: string;
  description: string;
  population: number | null;
  lat: number | null;
  lng: number | null;
}
const VILLAGE_FIELDS = ['name', 'description', 'population', 'lat', 'lng'] as const;

/** Registering a village in a tribe: POST /v1/tribes/{id}/villages; pending until a leader approves. */
export function useRegisterVillageForm(tribeId: string | undefined, onRegistered: () => void) {
  const locale = useLocale();
  const register = useRegisterVillage();
  const form = useForm<VillageFields, unknown, CreateVillageBody>({
    resolver: schemaResolver<VillageFields, CreateVillageBody>(createVillageParser, locale),
    defaultValues: { name: '', description: '', population: null, lat: null, lng: null },
  });
  const onSubmit = form.handleSubmit(async (body) => {
    if (!tribeId) return;
    const village = await register
      .mutateAsync({ tribeId, body, onFieldErrors: fieldErrorsTo(form.setError, VILLAGE_FIELDS) })
      .catch(() => undefined);
    if (village) onRegistered();
  });
  const coords = coordinates(form.watch(['lat', 'lng']), form.formState.errors, (k, v) =>
    form.setValue(k, v, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  );
  return { form, onSubmit, pending: register.isPending, coords };
}
