import { MONEY_LIMITS, POST_LIMITS, type Campaign, type CreateCampaignBody } from '@tribes/shared';
import { useEffect, useState } from 'react';
import { get, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/locale-hooks';
import { lazyParser, requiredWhenEmpty, schemaResolver } from '../../lib/form-resolver';
import { useCreateCampaign } from './api';

export interface MilestoneDraft {
  key: number;
  title: string;
  amount: number | null;
}

/** The image types the server decodes (it checks the content; this only spares a useless upload). */
const COVER_TYPES = /^image\/(jpeg|png|webp|gif|avif)$/;

/** The chosen cover and its local preview URL, released when replaced or when the form goes away. */
function useCoverPicker(onError: (message: string | undefined) => void) {
  const { t } = useTranslation();
  const [cover, setCover] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => () => (cover ? URL.revokeObjectURL(cover.url) : undefined), [cover]);
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!COVER_TYPES.test(file.type)) return onError(t('money.create.coverNotImage', { name: file.name }));
    if (file.size > POST_LIMITS.imageMaxBytes)
      return onError(t('money.create.coverTooBig', { name: file.name, max: POST_LIMITS.imageMaxBytes / 1024 / 1024 }));
    onError(undefined);
    setCover({ file, url: URL.createObjectURL(file) });
  };
  return { cover, pick, clear: () => setCover(null) };
}

/** The end of a chosen day, local time: a campaign "ending on the 3rd" takes donations all that day. */
export const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59);

/** What the form holds: the schema's fields as typed (an untouched number or date is null); `cover` only carries its error. */
export interface CampaignFields {
  title: string;
  description: string;
  goal: number | null;
  monthly_goal: number | null;
  ends_at: Date | null;
  milestones: MilestoneDraft[];
  cover?: never;
}

const EMPTY: CampaignFields = { title: '', description: '', goal: null, monthly_goal: null, ends_at: null, milestones: [] };

/** The form's values as the body the shared schema checks (the deadline at the end of its day). */
function candidate(v: CampaignFields) {
  const ends = v.ends_at;
  return {
    title: v.title,
    description: v.description,
    goal: v.goal,
    monthly_goal: v.monthly_goal,
    ends_at: ends === null ? null : Number.isNaN(ends.getTime()) ? 'invalid' : endOfDay(ends).toISOString(),
    milestones: v.milestones.map((m) => ({ title: m.title, amount: m.amount })),
  };
}

const campaignParser = requiredWhenEmpty(lazyParser((s) => s.CreateCampaignBodySchema));

/**
 * The create-campaign form on react-hook-form with the shared schema (empty fields say "required"),
 * the cover checked when picked; the server's field errors land on the fields they name.
 */
export function useCampaignForm(tribeRef: string, onCreated: (c: Campaign) => void) {
  const locale = useLocale();
  const create = useCreateCampaign(tribeRef);
  const form = useForm<CampaignFields, unknown, CreateCampaignBody>({
    defaultValues: EMPTY,
    resolver: schemaResolver<CampaignFields, CreateCampaignBody>(
      { safeParse: (values) => campaignParser.safeParse(candidate(values as CampaignFields)) },
      locale,
    ),
  });
  const cover = useCoverPicker((message) =>
    message ? form.setError('cover', { type: 'cover', message }) : form.clearErrors('cover'),
  );
  const [title, description, goal, monthlyGoal, endsAt, milestones] = useWatch({
    control: form.control,
    name: ['title', 'description', 'goal', 'monthly_goal', 'ends_at', 'milestones'],
  });

  const handleSubmit = form.handleSubmit((body) => {
    create.mutate(
      {
        body,
        cover: cover.cover?.file ?? null,
        onFieldErrors: (fieldErrors) => {
          for (const [field, messages] of Object.entries(fieldErrors))
            form.setError(field as Path<CampaignFields>, { type: 'server', message: messages.join(' ') });
          return true;
        },
      },
      { onSuccess: onCreated },
    );
  });

  const setMilestones = (next: (list: MilestoneDraft[]) => MilestoneDraft[]) =>
    form.setValue('milestones', next(form.getValues('milestones')));
  let nextKey = milestones.reduce((m, x) => Math.max(m, x.key), 0) + 1;
  const errors = form.formState.errors;
  return {
    values: { title, description, goal, monthlyGoal, endsAt, milestones, coverUrl: cover.cover?.url ?? null },
    pickCover: cover.pick,
    clearCover: () => {
      cover.clear();
      form.clearErrors('cover');
    },
    set: {
      title: (v: string) => form.setValue('title', v),
      description: (v: string) => form.setValue('description', v),
      goal: (v: number | null) => form.setValue('goal', v),
      monthlyGoal: (v: number | null) => form.setValue('monthly_goal', v),
      endsAt: (v: Date | null) => form.setValue('ends_at', v),
    },
    addMilestone: () =>
      setMilestones((list) => (list.length >= 10 ? list : [...list, { key: nextKey++, title: '', amount: null }])),
    updateMilestone: (key: number, patch: Partial<MilestoneDraft>) =>
      setMilestones((list) => list.map((m) => (m.key === key ? { ...m, ...patch } : m))),
    removeMilestone: (key: number) => setMilestones((list) => list.filter((m) => m.key !== key)),
    /** The message on a field ("title", "milestones.0.amount"), from the schema, the cover check or the server. */
    error: (name: string): string | undefined => (get(errors, name) as { message?: string } | undefined)?.message,
    handleSubmit,
    pending: create.isPending,
    limits: MONEY_LIMITS,
  };
}
