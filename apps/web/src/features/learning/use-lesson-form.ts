import { useForm } from 'react-hook-form';
import type { CreateLessonBody, Lesson } from '@tribes/shared';
import { useLocale } from '../../app/locale-hooks';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, requiredWhenEmpty, schemaResolver, type SafeParser } from '../../lib/form-resolver';
import { useCreateLesson, useUpdateLesson } from './api';

export interface LessonFields {
  title: string;
  body_markdown: string;
  /** Empty for no video. */
  video_url: string;
}
const LESSON_FIELDS = ['title', 'body_markdown', 'video_url'] as const;

const lessonValues = (l?: Lesson): LessonFields => ({
  title: l?.title ?? '',
  body_markdown: l?.body_markdown ?? '',
  video_url: l?.video_url ?? '',
});

const lessonParser = requiredWhenEmpty(lazyParser((s) => s.CreateLessonBodySchema));
const lessonSchema: SafeParser<CreateLessonBody> = {
  safeParse: (values) => {
    const v = values as LessonFields;
    return lessonParser.safeParse({
      ...v,
      video_url: v.video_url.trim() === '' ? null : v.video_url,
    });
  },
};

/**
 * Writes a lesson: a new one at the end of `courseId`, or `lesson` itself. The Markdown goes to the
 * server, which renders and sanitises it; `onSaved` receives the lesson with its `body_html`.
 */
export function useLessonForm({ courseId, lesson, onSaved }: { courseId: string; lesson?: Lesson; onSaved(l: Lesson): void }) {
  const locale = useLocale();
  const create = useCreateLesson(courseId);
  const update = useUpdateLesson();
  const form = useForm<LessonFields, unknown, CreateLessonBody>({
    resolver: schemaResolver<LessonFields, CreateLessonBody>(lessonSchema, locale),
    defaultValues: lessonValues(lesson),
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const onFieldErrors = fieldErrorsTo(form.setError, LESSON_FIELDS);
    const saved = await (
      lesson ? update.mutateAsync({ id: lesson.id, body, onFieldErrors }) : create.mutateAsync({ body, onFieldErrors })
    ).catch(() => undefined);
    if (saved) {
      form.reset(lessonValues(saved));
      onSaved(saved);
    }
  });
  return { form, onSubmit, pending: create.isPending || update.isPending };
}
