import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LEARNING_LIMITS, QUESTION_KINDS, type CreateAssessmentBody, type QuestionKind } from '@tribes/shared';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/inputs/number-input';
import { TextField } from '../../../components/inputs/text-field';
import { emptyOption, type AssessmentFields } from '../assessment-fields';
import { errorOf, fieldId, nestedFieldProps } from '../form-field';
import { Hint } from '../../../components/hint';

type Form = UseFormReturn<AssessmentFields, unknown, CreateAssessmentBody>;

/** The options of a choice question, each with its "correct" mark (a radio for single, a box for multiple). */
function OptionsEditor({ form, index, multiple }: { form: Form; index: number; multiple: boolean }) {
  const { t } = useTranslation();
  const name = `questions.${index}.options` as const;
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const options = useWatch({ control: form.control, name });
  const keyError = errorOf(form.formState.errors, `questions.${index}.key`);
  const mark = (j: number, checked: boolean) => {
    options.forEach((o, k) => {
      const next = multiple ? (k === j ? checked : o.correct) : k === j;
      if (next !== o.correct) form.setValue(`${name}.${k}.correct`, next, { shouldDirty: true });
    });
  };
  const legendId = `${fieldId(name)}-legend`;
  return (
    <FormControl component="fieldset" error={Boolean(keyError)} sx={{ gap: 1.5 }}>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
        {t(multiple ? 'learning.editor.optionsMultiple' : 'learning.editor.optionsSingle')}
      </FormLabel>
      {fields.map((f, j) => {
        const label = t('learning.editor.option', { n: j + 1 });
        const correct = options[j]?.correct ?? false;
        const markLabel = t('learning.editor.markCorrect', { n: j + 1 });
        return (
          <Stack key={f.id} direction="row" spacing={1} alignItems="flex-start">
            {multiple ? (
              <Checkbox
                checked={correct}
                onChange={(e) => mark(j, e.target.checked)}
                slotProps={{ input: { 'aria-label': markLabel } }}
                sx={{ mt: 1 }}
              />
            ) : (
              <Radio
                checked={correct}
                onChange={() => mark(j, true)}
                name={`${name}-correct`}
                value={String(j)}
                slotProps={{ input: { 'aria-label': markLabel } }}
                sx={{ mt: 1 }}
              />
            )}
            <TextField
              {...nestedFieldProps(form, `${name}.${j}.text`)}
              label={label}
              required
              htmlInput={{ dir: 'auto', maxLength: LEARNING_LIMITS.optionMax }}
            />
            {/* On the button itself: a hint on a wrapper named the wrapper, a generic element, too. A disabled button shows no hint. */}
            <Hint title={t('learning.editor.removeOption', { n: j + 1 })}>
              <IconButton
                onClick={() => remove(j)}
                disabled={fields.length <= LEARNING_LIMITS.optionsMin}
                sx={{ mt: 1 }}
                data-testid={`remove-option-${index}-${j}`}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Hint>
          </Stack>
        );
      })}
      {keyError && <FormHelperText id={`${fieldId(`questions.${index}.key`)}-helper-text`}>{keyError}</FormHelperText>}
      <Button
        onClick={() => append(emptyOption())}
        disabled={fields.length >= LEARNING_LIMITS.optionsMax}
        startIcon={<AddIcon />}
        sx={{ alignSelf: 'flex-start' }}
        data-testid={`add-option-${index}`}
      >
        {t('learning.editor.addOption')}
      </Button>
    </FormControl>
  );
}

/** The key of a question by its kind. */
function KeyEditor({ form, index, kind }: { form: Form; index: number; kind: QuestionKind }) {
  const { t } = useTranslation();
  switch (kind) {
    case 'single':
    case 'multiple':
      return <OptionsEditor form={form} index={index} multiple={kind === 'multiple'} />;
    case 'true_false':
      return (
        <Controller
          control={form.control}
          name={`questions.${index}.truth`}
          render={({ field }) => (
            <FormControl>
              <FormLabel id={`${fieldId(field.name)}-label`}>{t('learning.editor.truth')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${fieldId(field.name)}-label`}
                name={field.name}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
              >
                <FormControlLabel value="true" control={<Radio />} label={t('learning.answer.true')} />
                <FormControlLabel value="false" control={<Radio />} label={t('learning.answer.false')} />
              </RadioGroup>
            </FormControl>
          )}
        />
      );
    case 'short':
      return (
        <TextField
          {...nestedFieldProps(form, `questions.${index}.accepted`, t('learning.editor.acceptedHelp'))}
          label={t('learning.editor.accepted')}
          required
          multiline
          minRows={2}
          htmlInput={{ dir: 'auto' }}
        />
      );
    case 'numeric':
      return (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['number', 'tolerance'] as const).map((f) => (
            <Controller
              key={f}
              control={form.control}
              name={`questions.${index}.${f}`}
              render={({ field, fieldState }) => (
                <NumberInput
                  id={fieldId(field.name)}
                  name={field.name}
                  label={t(f === 'number' ? 'learning.editor.number' : 'learning.editor.tolerance')}
                  required={f === 'number'}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  min={f === 'tolerance' ? 0 : undefined}
                  error={Boolean(fieldState.error ?? errorOf(form.formState.errors, field.name))}
                  helperText={
                    fieldState.error?.message ??
                    errorOf(form.formState.errors, field.name) ??
                    (f === 'tolerance' ? t('learning.editor.toleranceHelp') : undefined)
                  }
                />
              )}
            />
          ))}
        </Stack>
      );
  }
}

/** One question of the authoring form: its kind, prompt and key. */
export function QuestionEditor({ form, index, count, onRemove }: { form: Form; index: number; count: number; onRemove(): void }) {
  const { t } = useTranslation();
  const kind = useWatch({ control: form.control, name: `questions.${index}.kind` });
  const kindId = fieldId(`questions.${index}.kind`);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid={`question-editor-${index}`}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
            {t('learning.editor.question', { n: index + 1 })}
          </Typography>
          <Button
            color="error"
            size="small"
            startIcon={<DeleteOutlineIcon />}
            onClick={onRemove}
            disabled={count <= 1}
            aria-label={t('learning.editor.removeQuestion', { n: index + 1 })}
          >
            {t('learning.editor.remove')}
          </Button>
        </Stack>
        <FormControl fullWidth>
          <InputLabel variant="standard" htmlFor={kindId}>
            {t('learning.editor.kind')}
          </InputLabel>
          <Controller
            control={form.control}
            name={`questions.${index}.kind`}
            render={({ field }) => (
              <NativeSelect
                value={field.value}
                onChange={(e) => field.onChange(e.target.value as QuestionKind)}
                onBlur={field.onBlur}
                inputProps={{ id: kindId, name: field.name }}
              >
                {QUESTION_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`learning.kind.${k}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </FormControl>
        <TextField
          {...nestedFieldProps(form, `questions.${index}.prompt`)}
          label={t('learning.editor.prompt')}
          required
          multiline
          minRows={2}
          htmlInput={{ dir: 'auto', maxLength: LEARNING_LIMITS.promptMax }}
        />
        <KeyEditor form={form} index={index} kind={kind} />
      </Stack>
    </Paper>
  );
}
