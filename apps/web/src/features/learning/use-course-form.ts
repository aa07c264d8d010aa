import { useForm } from 'react-hook-form';
import type { Course, CourseStatus, CourseUnlock, CreateCourseBody, Locale } from '@tribes/shared';
import { useLocale } from '../../app/locale-hooks';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, requiredWhenEmpty, schemaResolver, type SafeParser } from '../../lib/form-resolver';
import { useCreateCourse, useUpdateCourse } from './api';

export interface CourseFields {
  title: string;
  description: string;
  language: Locale;
  /** Empty for no cover. */
  cover_url: string;
  status: CourseStatus;
  unlock: CourseUnlock;
  drip_days: number | null;
}
const COURSE_FIELDS = ['title', 'description', 'language', 'cover_url', 'status', 'unlock', 'drip_days'] as const;

const courseValues = (locale: Locale, c?: Course): CourseFields => ({
  title: c?.title ?? '',
  description: c?.description ?? '',
  language: c?.language ?? locale,
  cover_url: c?.cover_url ?? '',
  status: c?.status ?? 'draft',
  unlock: c?.unlock ?? 'all',
  drip_days: c?.drip_days ?? (c ? 0 : 7),
});

/** The form's values → the body: no cover is null; drip days only count for a drip course. */
const toBody = (v: CourseFields) => ({
  ...v,
  cover_url: v.cover_url.trim() === '' ? null : v.cover_url,
  drip_days: v.unlock === 'drip' ? v.drip_days : 0,
});

/** The whole body is checked by the create schema for both forms: an edit sends every field too. */
const courseParser = requiredWhenEmpty(lazyParser((s) => s.CreateCourseBodySchema));
const courseSchema: SafeParser<CreateCourseBody> = {
  safeParse: (values) => courseParser.safeParse(toBody(values as CourseFields)),
};

/** Creates a course in a tribe (leaders and moderators), or edits `course` (its authors). */
export function useCourseForm({ tribeRef, course, onSaved }: { tribeRef: string; course?: Course; onSaved(c: Course): void }) {
  const locale = useLocale();
  const create = useCreateCourse(tribeRef);
  const update = useUpdateCourse(course?.id ?? '');
  const form = useForm<CourseFields, unknown, CreateCourseBody>({
    resolver: schemaResolver<CourseFields, CreateCourseBody>(courseSchema, locale),
    defaultValues: courseValues(locale, course),
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const onFieldErrors = fieldErrorsTo(form.setError, COURSE_FIELDS);
    const saved = await (
      course ? update.mutateAsync({ body, onFieldErrors }) : create.mutateAsync({ body, onFieldErrors })
    ).catch(() => undefined);
    if (saved) onSaved(saved);
  });
  return { form, onSubmit, pending: create.isPending || update.isPending };
}
