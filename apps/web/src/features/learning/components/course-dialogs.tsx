import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { AssessmentEditor } from './assessment-editor';
import { LessonEditor } from './lesson-editor';

function useFullScreen() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

/** An author adds a lesson at the end of the course; full screen on phones. */
export function AddLessonDialog({ open, courseId, onClose }: { open: boolean; courseId: string; onClose(): void }) {
  const { t } = useTranslation();
  const fullScreen = useFullScreen();
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="add-lesson-title">
      <DialogTitle id="add-lesson-title">{t('learning.course.addLesson')}</DialogTitle>
      <DialogContent>
        {open && (
          <LessonEditor courseId={courseId} onSaved={onClose} onCancel={onClose} submitLabel={t('learning.lessonForm.create')} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** An author writes an assessment with its questions and keys; full screen on phones. */
export function AddAssessmentDialog({ open, courseId, onClose }: { open: boolean; courseId: string; onClose(): void }) {
  const { t } = useTranslation();
  const fullScreen = useFullScreen();
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="add-assessment-title">
      <DialogTitle id="add-assessment-title">{t('learning.course.addAssessment')}</DialogTitle>
      <DialogContent>{open && <AssessmentEditor courseId={courseId} onSaved={onClose} onCancel={onClose} />}</DialogContent>
    </Dialog>
  );
}
