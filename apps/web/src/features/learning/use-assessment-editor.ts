import { useForm, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { describeIssue, type Assessment, type AssessmentForAuthor, type CreateAssessmentBody, type Locale } from '@tribes/shared';
import { lazyParser } from '../../lib/form-resolver';
import { translate } from '../../lib/server-messages';
import { useLocale } from '../../app/locale-hooks';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { useCreateAssessment, useUpdateAssessment } from './api';
import { emptyAssessment, formFieldOf, fromAssessment, toAssessmentBody, type AssessmentFields } from './assessment-fields';

const NO_KEY = { key: 'validation.option_index', params: {} };
const assessmentParser = lazyParser((s) => s.CreateAssessmentBodySchema);

/** Checks the form with the shared schema; each issue lands on the form field it belongs to. */
export function assessmentResolver(locale: Locale): Resolver<AssessmentFields, unknown, CreateAssessmentBody> {
  return async (values) => {
    const result = await assessmentParser.safeParse(toAssessmentBody(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      const field = formFieldOf(path, values);
      if (errors[field]) continue;
      // A choice question with no option marked fails the index's type check: say what is missing.
      const { key, params } = field.endsWith('.key') && path.endsWith('.correct') ? NO_KEY : describeIssue(issue);
      errors[field] = { type: issue.code, message: translate(locale, key, params) };
    }
    return { values: {}, errors: errors as FieldErrors<AssessmentFields> };
  };
}

type Form = ReturnType<typeof useForm<AssessmentFields, unknown, CreateAssessmentBody>>;

/** A 400 from the server, placed on the same fields as the client's own checks. */
function serverErrorsTo(form: Form): FieldErrorsHandler {
  return (errors) => {
    let first = true;
    for (const [path, messages] of Object.entries(errors)) {
      const field = formFieldOf(path, form.getValues());
      // Paths of nested questions are not in the form's static type; react-hook-form accepts any path.
      form.setError(field as 'title', { type: 'server', message: messages.join(' ') }, { shouldFocus: first });
      first = false;
    }
    return true;
  };
}

/**
 * The authoring form of an assessment: creates one in a course (`courseId`), or edits `existing`
 * (its questions with their keys). `onSaved` receives the saved assessment.
 */
export function useAssessmentEditor({
  courseId,
  existing,
  onSaved,
}: {
  courseId: string;
  existing?: AssessmentForAuthor;
  onSaved(a: Assessment): void;
}) {
  const locale = useLocale();
  const create = useCreateAssessment(courseId);
  const update = useUpdateAssessment(existing?.id ?? '');
  const form = useForm<AssessmentFields, unknown, CreateAssessmentBody>({
    resolver: assessmentResolver(locale),
    defaultValues: existing ? fromAssessment(existing) : emptyAssessment(),
  });
  const onSubmit = form.handleSubmit(async (body) => {
    const onFieldErrors = serverErrorsTo(form);
    const saved = await (
      existing ? update.mutateAsync({ body, onFieldErrors }) : create.mutateAsync({ body, onFieldErrors })
    ).catch(() => undefined);
    if (saved) onSaved(saved);
  });
  return { form, onSubmit, pending: create.isPending || update.isPending };
}
