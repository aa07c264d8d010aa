import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AnswerValue, Assessment, AttemptResult, ExpectedAnswer, Question } from '@tribes/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useLocale } from '../../../app/locale-hooks';

/** An answer or a key, in words: the options' texts, true/false, or the number in the reader's format. */
function describe(q: Question | undefined, v: AnswerValue | null, t: TFunction, locale: string): string {
  if (v === null || v === undefined) return t('learning.review.unanswered');
  if (typeof v === 'boolean') return t(v ? 'learning.answer.true' : 'learning.answer.false');
  if (Array.isArray(v)) return v.map((i) => q?.options?.[i] ?? String(i + 1)).join(', ');
  if (typeof v === 'number') {
    if (q?.kind === 'single') return q.options?.[v] ?? String(v + 1);
    return new Intl.NumberFormat(locale).format(v);
  }
  return v;
}

function describeExpected(q: Question | undefined, e: ExpectedAnswer, t: TFunction, locale: string): string {
  switch (e.kind) {
    case 'short':
      return e.accepted.join(' · ');
    case 'numeric': {
      const n = new Intl.NumberFormat(locale);
      return e.tolerance > 0
        ? t('learning.review.tolerance', { value: n.format(e.correct), tolerance: n.format(e.tolerance) })
        : n.format(e.correct);
    }
    default:
      return describe(q, e.correct, t, locale);
  }
}

/** The grade of an attempt: score and pass, attempts left, then each question reviewed. */
export function AttemptResultView({
  assessment,
  result,
  onRetry,
}: {
  assessment: Assessment;
  result: AttemptResult;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const byId = new Map(assessment.questions.map((q) => [q.id, q]));
  const canRetry = !result.passed && result.attempts_left !== 0;
  return (
    <Stack spacing={2} data-testid="attempt-result">
      <Alert
        severity={result.passed ? 'success' : 'warning'}
        role="status"
        data-testid={result.passed ? 'attempt-passed' : 'attempt-failed'}
      >
        <AlertTitle>
          {result.passed
            ? t('learning.result.passed', { score: result.score })
            : t('learning.result.failed', { score: result.score, pass: result.pass_score })}
        </AlertTitle>
        {result.attempts_left === null
          ? t('learning.result.unlimited')
          : t('learning.result.attemptsLeft', { count: result.attempts_left })}
        {result.course_completed && <Typography sx={{ mt: 1 }}>{t('learning.result.courseCompleted')}</Typography>}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {canRetry && (
          <Button variant="contained" onClick={onRetry} data-testid="attempt-retry">
            {t('learning.result.retry')}
          </Button>
        )}
        <Button
          component={RouterLocaleLink}
          to={`/tribe/learning-center/course/${assessment.course_id}`}
          variant={canRetry ? 'text' : 'contained'}
          data-testid="back-to-course"
        >
          {t('learning.common.backToCourse')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, px: 2, pt: 2 }}>
          {t('learning.review.title')}
        </Typography>
        <List>
          {result.results.map((r, i) => {
            const q = byId.get(r.question_id);
            return (
              <ListItem
                key={r.question_id}
                divider={i < result.results.length - 1}
                alignItems="flex-start"
                data-testid="review-item"
              >
                <Stack direction="row" spacing={1.5} sx={{ width: '100%' }}>
                  {r.correct ? (
                    <CheckCircleOutlineIcon color="success" aria-hidden sx={{ mt: 0.25 }} />
                  ) : (
                    <CancelOutlinedIcon color="error" aria-hidden sx={{ mt: 0.25 }} />
                  )}
                  <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }} dir="auto">
                      {t('learning.review.question', { n: i + 1 })} {q?.prompt}
                    </Typography>
                    <Typography variant="body2">
                      <strong>{r.correct ? t('learning.review.correct') : t('learning.review.incorrect')}</strong>
                      {' · '}
                      {t('learning.review.yourAnswer')} <span dir="auto">{describe(q, r.answer, t, locale)}</span>
                    </Typography>
                    {r.expected && !r.correct && (
                      <Typography variant="body2" color="text.secondary">
                        {t('learning.review.expected')} <span dir="auto">{describeExpected(q, r.expected, t, locale)}</span>
                      </Typography>
                    )}
                  </Stack>
                </Stack>
              </ListItem>
            );
          })}
        </List>
      </Paper>
    </Stack>
  );
}
