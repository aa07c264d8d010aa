import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LEARNING_LIMITS, type Assessment, type AssessmentForAuthor } from '@tribes/shared';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/inputs/number-input';
import { TextField } from '../../../components/inputs/text-field';
import { emptyQuestion } from '../assessment-fields';
import { errorOf, fieldId, nestedFieldProps } from '../form-field';
import { useAssessmentEditor } from '../use-assessment-editor';
import { QuestionEditor } from './question-editor';

/**
 * The authoring form of an assessment: title, pass mark, attempt limit, and its questions with their
 * keys (which only authors ever read). Creates one in `courseId`, or edits `existing`.
 */
export function AssessmentEditor({
  courseId,
  existing,
  onSaved,
  onCancel,
}: {
  courseId: string;
  existing?: AssessmentForAuthor;
  onSaved(a: Assessment): void;
  onCancel?(): void;
}) {
  const { t } = useTranslation();
  const { form, onSubmit, pending } = useAssessmentEditor({ courseId, existing, onSaved });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'questions' });
  const errors = form.formState.errors;
  const listError = errorOf(errors, 'questions') ?? errorOf(errors, 'questions.root') ?? errorOf(errors, 'root');
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} data-testid="assessment-editor">
      <TextField
        {...nestedFieldProps(form, 'title')}
        label={t('learning.editor.title')}
        required
        htmlInput={{ dir: 'auto', maxLength: LEARNING_LIMITS.titleMax }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['pass_score', 'attempt_limit'] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <NumberInput
                id={fieldId(name)}
                name={name}
                label={t(name === 'pass_score' ? 'learning.editor.passScore' : 'learning.editor.attemptLimit')}
                required={name === 'pass_score'}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                min={name === 'pass_score' ? 0 : 1}
                max={name === 'pass_score' ? 100 : LEARNING_LIMITS.attemptLimitMax}
                allowDecimal={false}
                error={Boolean(errorOf(errors, name))}
                helperText={
                  errorOf(errors, name) ??
                  t(name === 'pass_score' ? 'learning.editor.passScoreHelp' : 'learning.editor.attemptLimitHelp')
                }
              />
            )}
          />
        ))}
      </Stack>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
        {t('learning.editor.questions')}
      </Typography>
      {fields.map((f, i) => (
        <QuestionEditor key={f.id} form={form} index={i} count={fields.length} onRemove={() => remove(i)} />
      ))}
      {listError && (
        <Alert severity="error" role="alert">
          {listError}
        </Alert>
      )}
      <Button
        onClick={() => append(emptyQuestion())}
        disabled={fields.length >= LEARNING_LIMITS.questionsMax}
        startIcon={<AddIcon />}
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        data-testid="add-question"
      >
        {t('learning.editor.addQuestion')}
      </Button>
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        {onCancel && (
          <Button onClick={onCancel} disabled={pending}>
            {t('learning.common.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={pending} data-testid="assessment-save">
          {pending ? t('learning.common.saving') : t(existing ? 'learning.editor.save' : 'learning.editor.create')}
        </Button>
      </Stack>
    </Stack>
  );
}
