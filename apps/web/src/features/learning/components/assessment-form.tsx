import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LEARNING_LIMITS, type Assessment, type AttemptResult, type Question } from '@tribes/shared';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/inputs/number-input';
import { TextField } from '../../../components/inputs/text-field';
import { OutboxNotice } from '../../../components/offline/outbox-notice';
import { useOutboxItems } from '../../../lib/offline/use-outbox';
import { useSubmitAttempt } from '../api';
import { emptyAnswer, toAnswerValue, toAttemptBody, type AnswerField } from '../attempt-answers';

type Values = Record<string, AnswerField>;

/** One question's input, by kind: radios (single, true/false), boxes (multiple), text (short), number (numeric). */
function AnswerInput({ q, control }: { q: Question; control: Control<Values> }) {
  const { t } = useTranslation();
  const labelId = `question-${q.id}-label`;
  return (
    <Controller
      control={control}
      name={q.id}
      render={({ field }) => {
        switch (q.kind) {
          case 'single':
          case 'true_false': {
            const choices =
              q.kind === 'single'
                ? (q.options ?? []).map((label, i) => ({ value: String(i), label }))
                : [
                    { value: 'true', label: t('learning.answer.true') },
                    { value: 'false', label: t('learning.answer.false') },
                  ];
            return (
              <RadioGroup
                aria-labelledby={labelId}
                name={field.name}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(e) => field.onChange(e.target.value)}
              >
                {choices.map((c) => (
                  <FormControlLabel key={c.value} value={c.value} control={<Radio />} label={<span dir="auto">{c.label}</span>} />
                ))}
              </RadioGroup>
            );
          }
          case 'multiple': {
            const chosen = Array.isArray(field.value) ? field.value : [];
            return (
              <FormGroup aria-labelledby={labelId} role="group">
                {(q.options ?? []).map((label, i) => {
                  const v = String(i);
                  return (
                    <FormControlLabel
                      key={v}
                      control={
                        <Checkbox
                          checked={chosen.includes(v)}
                          onChange={(e) => field.onChange(e.target.checked ? [...chosen, v] : chosen.filter((x) => x !== v))}
                        />
                      }
                      label={<span dir="auto">{label}</span>}
                    />
                  );
                })}
              </FormGroup>
            );
          }
          case 'short':
            return (
              <TextField
                id={`answer-${q.id}`}
                name={field.name}
                label={t('learning.answer.yourAnswer')}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                htmlInput={{ dir: 'auto', maxLength: LEARNING_LIMITS.shortAnswerMax, 'aria-describedby': labelId }}
              />
            );
          case 'numeric':
            return (
              <NumberInput
                id={`answer-${q.id}`}
                name={field.name}
                label={t('learning.answer.yourNumber')}
                value={typeof field.value === 'number' ? field.value : null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                htmlInput={{ 'aria-describedby': labelId }}
              />
            );
        }
      }}
    />
  );
}

/** The learner's side of an assessment: every question, then "submit"; graded on the server. */
export function AssessmentForm({ assessment, onResult }: { assessment: Assessment; onResult(r: AttemptResult): void }) {
  const { t } = useTranslation();
  const submit = useSubmitAttempt(assessment.id, assessment.title);
  const waiting = useOutboxItems('attempt', (i) => i.assessment_id === assessment.id);
  const form = useForm<Values>({
    defaultValues: Object.fromEntries(assessment.questions.map((q) => [q.id, emptyAnswer(q)])),
  });
  const values = form.watch();
  const answered = assessment.questions.filter((q) => toAnswerValue(q, values[q.id]) !== undefined).length;
  const onSubmit = form.handleSubmit(async (v) => {
    const result = await submit.mutateAsync(toAttemptBody(assessment.questions, v)).catch(() => undefined);
    if (result) onResult(result);
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} data-testid="assessment-form">
      {waiting.map((item) => (
        <OutboxNotice key={item.id} item={item} message={t('outbox.attemptPending')} />
      ))}
      {assessment.questions.map((q, i) => (
        <Paper key={q.id} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="question">
          <FormControl component="fieldset" fullWidth sx={{ gap: 1.5 }}>
            <FormLabel component="legend" id={`question-${q.id}-label`} sx={{ color: 'text.primary', mb: 1 }}>
              <Typography component="span" variant="overline" color="text.secondary" sx={{ display: 'block' }}>
                {t('learning.assessment.questionOf', { n: i + 1, total: assessment.questions.length })} ·{' '}
                {t(`learning.kind.${q.kind}`)}
              </Typography>
              <Typography component="span" sx={{ fontWeight: 600, display: 'block', whiteSpace: 'pre-line' }} dir="auto">
                {q.prompt}
              </Typography>
            </FormLabel>
            <AnswerInput q={q} control={form.control} />
          </FormControl>
        </Paper>
      ))}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        alignItems={{ xs: 'stretch', sm: 'center' }}
        justifyContent="space-between"
      >
        <Typography color="text.secondary" aria-live="polite">
          {t('learning.assessment.answered', { count: answered, total: assessment.questions.length })}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={submit.isPending || waiting.length > 0}
          data-testid="attempt-submit"
        >
          {submit.isPending ? t('learning.common.saving') : t('learning.assessment.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
