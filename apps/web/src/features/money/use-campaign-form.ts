import { MONEY_LIMITS, POST_LIMITS, translate, type Campaign, type CreateCampaignBody } from '@tribes/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/locale-hooks';
import { useCreateCampaign } from './api';

export interface MilestoneDraft {
  key: number;
  title: string;
  amount: number | null;
}

export type CampaignErrors = Record<string, string | undefined>;

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

/** The create-campaign form: values, light checks before sending, the server's field errors after. */
export function useCampaignForm(tribeRef: string, onCreated: (c: Campaign) => void) {
  const locale = useLocale();
  const create = useCreateCampaign(tribeRef);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [goal, setGoal] = useState<number | null>(null);
  const [monthlyGoal, setMonthlyGoal] = useState<number | null>(null);
  const [endsAt, setEndsAt] = useState<Date | null>(null);
  const [milestones, setMilestones] = useState<MilestoneDraft[]>([]);
  const [errors, setErrors] = useState<CampaignErrors>({});
  const cover = useCoverPicker((message) => setErrors((e) => ({ ...e, cover: message })));
  const required = translate(locale, 'validation.required');

  const handleSubmit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    const next: CampaignErrors = {};
    if (title.trim().length === 0) next.title = required;
    if (goal === null) next.goal = required;
    if (endsAt === null) next.ends_at = required;
    milestones.forEach((m, i) => {
      if (!m.title.trim()) next[`milestones.${i}.title`] = required;
      if (m.amount === null) next[`milestones.${i}.amount`] = required;
    });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body: CreateCampaignBody = {
      title: title.trim(),
      description: description.trim(),
      goal: goal!,
      monthly_goal: monthlyGoal,
      ends_at: endOfDay(endsAt!).toISOString(),
      milestones: milestones.map((m) => ({ title: m.title.trim(), amount: m.amount! })),
    };
    create.mutate(
      {
        body,
        cover: cover.cover?.file ?? null,
        onFieldErrors: (fieldErrors) => {
          const placed: CampaignErrors = {};
          for (const [field, messages] of Object.entries(fieldErrors)) placed[field] = messages.join(' ');
          setErrors(placed);
          return true;
        },
      },
      { onSuccess: onCreated },
    );
  };

  let nextKey = milestones.reduce((m, x) => Math.max(m, x.key), 0) + 1;
  return {
    values: { title, description, goal, monthlyGoal, endsAt, milestones, coverUrl: cover.cover?.url ?? null },
    pickCover: cover.pick,
    clearCover: () => {
      cover.clear();
      setErrors((e) => ({ ...e, cover: undefined }));
    },
    set: {
      title: setTitle,
      description: setDescription,
      goal: setGoal,
      monthlyGoal: setMonthlyGoal,
      endsAt: setEndsAt,
    },
    addMilestone: () =>
      setMilestones((list) => (list.length >= 10 ? list : [...list, { key: nextKey++, title: '', amount: null }])),
    updateMilestone: (key: number, patch: Partial<MilestoneDraft>) =>
      setMilestones((list) => list.map((m) => (m.key === key ? { ...m, ...patch } : m))),
    removeMilestone: (key: number) => setMilestones((list) => list.filter((m) => m.key !== key)),
    errors,
    handleSubmit,
    pending: create.isPending,
    limits: MONEY_LIMITS,
  };
}
