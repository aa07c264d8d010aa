import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Assessment, AttemptResult } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../app/locale-hooks';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { useAssessmentForAuthor, useDeleteAssessment } from '../api';
import { AssessmentEditor } from './assessment-editor';
import { AssessmentForm } from './assessment-form';
import { AttemptResultView } from './attempt-result';
import { BackToCourse, LearningFrame } from './learning-frame';
import { EditDeleteActions } from './edit-delete-actions';

/** The facts a learner reads before starting: pass mark, questions, attempts, best score. */
function Facts({ a }: { a: Assessment }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="assessment-facts">
      <Chip label={t('learning.assessment.passMark', { score: a.pass_score })} />
      <Chip label={t('learning.assessment.questions', { count: a.questions.length })} />
      <Chip
        label={
          a.attempt_limit === null
            ? t('learning.assessment.attemptsUsedUnlimited', { count: a.attempts_used })
            : t('learning.assessment.attemptsUsed', { used: a.attempts_used, limit: a.attempt_limit })
        }
      />
      {a.best_score !== null && <Chip label={t('learning.assessment.bestScore', { score: a.best_score })} />}
      {a.passed && <Chip color="success" label={t('learning.assessment.passedChip')} />}
    </Stack>
  );
}

/** The author's side: the questions with their keys, edited in place; deleting asks first. */
function AuthorPanel({ a, onDone }: { a: Assessment; onDone(): void }) {
  const q = useAssessmentForAuthor(a.id, true);
  if (!q.data) return <ListSkeleton rows={2} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <AssessmentEditor courseId={a.course_id} existing={q.data} onSaved={onDone} onCancel={onDone} />
    </Paper>
  );
}

/** /tribe/learning-center/assessment/{id}: take the assessment (or edit it, for authors). */
export function AssessmentView({ assessment: a }: { assessment: Assessment }) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [round, setRound] = useState(0);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const del = useDeleteAssessment();
  const exhausted = a.attempt_limit !== null && a.attempts_used >= a.attempt_limit;
  const actions = a.can_edit && !editing && (
    <EditDeleteActions
      what="assessment"
      editLabel={t('learning.assessment.edit')}
      onEdit={() => setEditing(true)}
      onDelete={() => setConfirming(true)}
    />
  );
  return (
    <LearningFrame title={a.title} action={actions} back={<BackToCourse courseId={a.course_id} />}>
      <Facts a={a} />
      {editing ? (
        <AuthorPanel a={a} onDone={() => setEditing(false)} />
      ) : result ? (
        <AttemptResultView
          assessment={a}
          result={result}
          onRetry={() => {
            setResult(null);
            setRound((r) => r + 1);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : a.questions.length === 0 ? (
        <EmptyState
          icon={QuizOutlinedIcon}
          title={t('learning.assessment.noQuestions')}
          body={t('learning.assessment.noQuestionsBody')}
        />
      ) : exhausted ? (
        <Alert severity={a.passed ? 'success' : 'info'}>
          {a.passed ? t('learning.assessment.alreadyPassed', { score: a.best_score ?? 0 }) : t('learning.assessment.exhausted')}
        </Alert>
      ) : (
        <>
          {a.passed && <Alert severity="success">{t('learning.assessment.alreadyPassed', { score: a.best_score ?? 0 })}</Alert>}
          <AssessmentForm key={round} assessment={a} onResult={setResult} />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('learning.assessment.deleteTitle')}
        body={t('learning.assessment.deleteBody', { title: a.title })}
        confirmLabel={t('learning.common.delete')}
        pending={del.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void del.mutateAsync(a.id).then(
            () => navigate(`/tribe/learning-center/course/${a.course_id}`, { replace: true }),
            () => setConfirming(false),
          )
        }
      />
    </LearningFrame>
  );
}
