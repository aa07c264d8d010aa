import { useForm } from 'react-hook-form';
import { useLocale } from '../../app/locale-hooks';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, schemaResolver } from '../../lib/form-resolver';
import { useReportPost, useUpdatePost } from './api';

const reportParser = lazyParser((s) => s.ReportBodySchema);
const updatePostParser = lazyParser((s) => s.EditPostTextSchema);

/** The report dialog's form: a reason, sent to the tribe's moderators (409 when already reported). */
export function useReportForm(postId: string, onDone: () => void) {
  const locale = useLocale();
  const report = useReportPost();
  const form = useForm<{ reason: string }>({ resolver: schemaResolver(reportParser, locale), defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    const ok = await report
      .mutateAsync({ id: postId, reason, onFieldErrors: fieldErrorsTo(form.setError, ['reason']) })
      .catch(() => undefined);
    if (ok) {
      form.reset();
      onDone();
    }
  });
  return { form, onSubmit, pending: report.isPending };
}

/** The edit dialog's form: the post's text (PATCH /v1/posts/{id}). */
export function useEditForm(postId: string, body: string, onDone: () => void) {
  const locale = useLocale();
  const update = useUpdatePost();
  const form = useForm<{ body: string }>({ resolver: schemaResolver(updatePostParser, locale), values: { body } });
  const onSubmit = form.handleSubmit(async (values) => {
    const ok = await update
      .mutateAsync({ id: postId, body: values.body, onFieldErrors: fieldErrorsTo(form.setError, ['body']) })
      .catch(() => undefined);
    if (ok) onDone();
  });
  return { form, onSubmit, pending: update.isPending };
}
