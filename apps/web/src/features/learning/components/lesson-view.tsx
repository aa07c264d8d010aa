import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Lesson } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../app/locale-hooks';
import { RouterLocaleLink } from '../../../components/locale-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCompleteLesson, useCourse, useDeleteLesson } from '../api';
import { BackToCourse, LearningFrame } from './learning-frame';
import { LessonBody } from './lesson-body';
import { LessonEditor } from './lesson-editor';
import { LessonVideo } from './lesson-video';
import { EditDeleteActions } from './edit-delete-actions';
import { OutboxNotice } from '../../../components/offline/outbox-notice';
import { useOutboxItems } from '../../../lib/offline/use-outbox';

const flipInRtl = { transform: (theme: { direction: string }) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') };

/** /tribe/learning-center/lesson/{id}: the lesson, "mark as complete", previous and next; authors edit it here. */
export function LessonView({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const complete = useCompleteLesson(lesson.id);
  const [pending] = useOutboxItems('lesson_complete', (i) => i.lesson_id === lesson.id);
  const del = useDeleteLesson();
  const course = `/tribe/learning-center/course/${lesson.course_id}`;
  // The last lesson leads on to the course's quiz: the first one not passed yet, else the first one.
  const outline = useCourse(lesson.next_lesson_id ? undefined : lesson.course_id).data;
  const quiz = outline?.assessments.find((a) => !a.passed) ?? outline?.assessments[0];
  const actions = lesson.can_edit && !editing && (
    <EditDeleteActions
      what="lesson"
      editLabel={t('learning.lesson.edit')}
      onEdit={() => setEditing(true)}
      onDelete={() => setConfirming(true)}
    />
  );
  return (
    <LearningFrame title={lesson.title} action={actions} back={<BackToCourse courseId={lesson.course_id} />}>
      <Typography variant="overline" color="text.secondary" sx={{ mt: -2 }}>
        {t('learning.lesson.position', { n: lesson.position })}
      </Typography>
      {editing ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <LessonEditor
            courseId={lesson.course_id}
            lesson={lesson}
            onSaved={() => undefined}
            onCancel={() => setEditing(false)}
          />
        </Paper>
      ) : (
        <>
          {lesson.video_url && <LessonVideo url={lesson.video_url} title={lesson.title} />}
          {lesson.body_html ? (
            <LessonBody html={lesson.body_html} />
          ) : (
            <Typography color="text.secondary">{t('learning.lesson.emptyBody')}</Typography>
          )}
        </>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          alignItems={{ xs: 'stretch', sm: 'center' }}
          justifyContent="space-between"
        >
          {pending ? (
            <OutboxNotice item={pending} message={t('outbox.lessonPending')} />
          ) : lesson.completed ? (
            <Chip
              icon={<CheckCircleIcon />}
              color="success"
              label={t('learning.lesson.completed')}
              sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
              data-testid="lesson-completed"
            />
          ) : (
            <Button
              variant="contained"
              onClick={() => complete.mutate(lesson.title)}
              disabled={complete.isPending}
              data-testid="lesson-complete"
            >
              {complete.isPending ? t('learning.common.saving') : t('learning.lesson.markComplete')}
            </Button>
          )}
          <Stack direction="row" spacing={1} justifyContent={{ xs: 'space-between', sm: 'flex-end' }}>
            {lesson.previous_lesson_id && (
              <Button
                component={RouterLocaleLink}
                to={`/tribe/learning-center/lesson/${lesson.previous_lesson_id}`}
                startIcon={<ArrowBackIcon sx={flipInRtl} />}
                data-testid="lesson-previous"
              >
                {t('learning.lesson.previous')}
              </Button>
            )}
            {lesson.next_lesson_id ? (
              <Button
                component={RouterLocaleLink}
                to={`/tribe/learning-center/lesson/${lesson.next_lesson_id}`}
                endIcon={<ArrowForwardIcon sx={flipInRtl} />}
                variant={lesson.completed ? 'contained' : 'text'}
                data-testid="lesson-next"
              >
                {t('learning.lesson.next')}
              </Button>
            ) : quiz ? (
              <Button
                component={RouterLocaleLink}
                to={`/tribe/learning-center/assessment/${quiz.id}`}
                endIcon={<ArrowForwardIcon sx={flipInRtl} />}
                variant={lesson.completed ? 'contained' : 'text'}
                data-testid="lesson-to-quiz"
              >
                {t('learning.lesson.toQuiz')}
              </Button>
            ) : (
              <Button
                component={RouterLocaleLink}
                to={course}
                variant={lesson.completed ? 'contained' : 'text'}
                data-testid="lesson-to-course"
              >
                {t('learning.common.backToCourse')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
      <ConfirmDialog
        open={confirming}
        title={t('learning.lesson.deleteTitle')}
        body={t('learning.lesson.deleteBody', { title: lesson.title })}
        confirmLabel={t('learning.common.delete')}
        pending={del.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void del.mutateAsync(lesson.id).then(
            () => navigate(course, { replace: true }),
            () => setConfirming(false),
          )
        }
      />
    </LearningFrame>
  );
}
