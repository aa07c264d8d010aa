import AddIcon from '@mui/icons-material/Add';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOCALES, type Course, type CourseLessonItem } from '@tribes/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../app/locale-hooks';
import { RouterLocaleLink } from '../../../components/locale-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { useConfirm } from '../../../lib/use-confirm';
import { useDeleteCourse, useDeleteLesson, useUpdateLesson } from '../api';
import { CertificateCard } from './certificate-card';
import { AddAssessmentDialog, AddLessonDialog } from './course-dialogs';
import { CourseFormDialog } from './course-form-dialog';
import { AssessmentList, LessonList } from './course-outline';
import { CourseProgress } from './course-progress';
import { LearningFrame } from './learning-frame';
import { PrimaryAction } from './primary-action';
import { EditDeleteActions } from './edit-delete-actions';

function Header({ course }: { course: Course }) {
  const { t } = useTranslation();
  const language = LOCALES.find((l) => l.code === course.language);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {course.cover_url && (
        <Box
          component="img"
          src={course.cover_url}
          alt=""
          sx={{ display: 'block', width: '100%', maxHeight: 260, objectFit: 'cover', bgcolor: 'action.hover' }}
        />
      )}
      <Stack spacing={1.5} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip
            size="small"
            label={t('learning.course.language', { language: language?.name ?? course.language })}
            data-testid="course-language"
          />
          {course.status === 'draft' && (
            <Chip size="small" color="warning" label={t('learning.course.draft')} data-testid="course-draft" />
          )}
          <Chip
            size="small"
            variant="outlined"
            label={t(`learning.course.unlock_${course.unlock}`, { days: course.drip_days })}
          />
          <Chip
            size="small"
            variant="outlined"
            component={RouterLocaleLink}
            to={`/tribes/${course.tribe.slug}?tab=courses`}
            clickable
            label={course.tribe.name}
          />
        </Stack>
        {course.description && (
          <Typography sx={{ whiteSpace: 'pre-line' }} dir="auto" data-testid="course-description">
            {course.description}
          </Typography>
        )}
        {course.enrolment && <CourseProgress course={course} />}
        <PrimaryAction course={course} />
      </Stack>
    </Paper>
  );
}

/** Headed block of the outline. */
function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined">
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        justifyContent="space-between"
        alignItems="center"
        sx={{ px: { xs: 1.5, sm: 2 }, pt: 1.5, pb: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** /tribe/learning-center/course/{id}: header, progress, lessons and assessments; authoring for the tribe's leaders. */
export function CourseView({ course }: { course: Course }) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const [dialog, setDialog] = useState<'edit' | 'lesson' | 'assessment' | 'delete' | null>(null);
  const lessonToDelete = useConfirm<CourseLessonItem>();
  const move = useUpdateLesson();
  const delLesson = useDeleteLesson();
  const delCourse = useDeleteCourse(course.id);
  const close = () => setDialog(null);
  const author = course.can_edit;
  const actions = author && (
    <EditDeleteActions
      what="course"
      editLabel={t('learning.course.edit')}
      onEdit={() => setDialog('edit')}
      onDelete={() => setDialog('delete')}
    />
  );
  return (
    <LearningFrame title={course.title} action={actions}>
      {author && course.status === 'draft' && <Alert severity="info">{t('learning.course.draftNotice')}</Alert>}
      <Header course={course} />
      {course.completed && course.enrolment?.certificate_id && (
        <CertificateCard courseId={course.id} certificateId={course.enrolment.certificate_id} />
      )}
      <Section
        title={t('learning.outline.lessons')}
        action={
          author && (
            <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog('lesson')} data-testid="add-lesson">
              {t('learning.course.addLesson')}
            </Button>
          )
        }
      >
        {course.lessons.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <EmptyState
              icon={MenuBookOutlinedIcon}
              headingLevel="h3"
              title={t('learning.course.noLessons')}
              body={author ? t('learning.course.noLessonsAuthor') : t('learning.course.noLessonsLearner')}
            />
          </Box>
        ) : (
          <LessonList
            course={course}
            busy={move.isPending || delLesson.isPending}
            onMove={(l, to) => move.mutate({ id: l.id, body: { position: to }, quiet: true })}
            onDelete={lessonToDelete.ask}
          />
        )}
      </Section>
      {(author || course.assessments.length > 0) && (
        <Section
          title={t('learning.outline.assessments')}
          action={
            author && (
              <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog('assessment')} data-testid="add-assessment">
                {t('learning.course.addAssessment')}
              </Button>
            )
          }
        >
          {course.assessments.length === 0 ? (
            <Box sx={{ p: 2 }}>
              <EmptyState
                icon={QuizOutlinedIcon}
                headingLevel="h3"
                title={t('learning.course.noAssessments')}
                body={t('learning.course.noAssessmentsAuthor')}
              />
            </Box>
          ) : (
            <AssessmentList course={course} />
          )}
        </Section>
      )}
      {author && (
        <>
          {dialog === 'edit' && (
            <CourseFormDialog open tribeRef={course.tribe_id} course={course} onClose={close} onSaved={close} />
          )}
          <AddLessonDialog open={dialog === 'lesson'} courseId={course.id} onClose={close} />
          <AddAssessmentDialog open={dialog === 'assessment'} courseId={course.id} onClose={close} />
          <ConfirmDialog
            open={dialog === 'delete'}
            title={t('learning.course.deleteTitle')}
            body={t('learning.course.deleteBody', { title: course.title })}
            confirmLabel={t('learning.common.delete')}
            pending={delCourse.isPending}
            onClose={close}
            onConfirm={() =>
              void delCourse
                .mutateAsync()
                .then(() => navigate(`/tribes/${course.tribe.slug}?tab=courses`, { replace: true }), close)
            }
          />
          <ConfirmDialog
            open={lessonToDelete.open}
            title={t('learning.lesson.deleteTitle')}
            body={t('learning.lesson.deleteBody', { title: lessonToDelete.subject?.title ?? '' })}
            confirmLabel={t('learning.common.delete')}
            pending={delLesson.isPending}
            onClose={lessonToDelete.close}
            onConfirm={() => {
              if (lessonToDelete.subject) void delLesson.mutateAsync(lessonToDelete.subject.id).finally(lessonToDelete.close);
            }}
          />
        </>
      )}
    </LearningFrame>
  );
}
