import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Course } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useEnrol } from '../api';

/** Where "continue" leads: the first open lesson not done yet, else the first assessment not passed. */
export function nextStep(course: Course): string | null {
  const lesson = course.lessons.find((l) => !l.completed && !l.locked);
  if (lesson) return `/tribe/learning-center/lesson/${lesson.id}`;
  const assessment = course.assessments.find((a) => !a.passed);
  if (assessment && course.lessons.every((l) => l.completed)) return `/tribe/learning-center/assessment/${assessment.id}`;
  return null;
}

/** Enrol, continue, or a word on what comes next (a locked lesson, a draft). */
export function PrimaryAction({ course }: { course: Course }) {
  const { t } = useTranslation();
  const enrol = useEnrol(course.id);
  if (course.status === 'draft') return null;
  if (!course.enrolment) {
    return (
      <Button
        variant="contained"
        size="large"
        onClick={() => enrol.mutate()}
        disabled={enrol.isPending}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        data-testid="course-enrol"
      >
        {enrol.isPending ? t('learning.common.saving') : t('learning.course.enrol')}
      </Button>
    );
  }
  if (course.completed) return null;
  const next = nextStep(course);
  if (!next) {
    return <Typography color="text.secondary">{t('learning.course.waiting')}</Typography>;
  }
  return (
    <Button
      component={RouterLocaleLink}
      to={next}
      variant="contained"
      size="large"
      startIcon={<PlayArrowIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />}
      sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      data-testid="course-continue"
    >
      {course.progress > 0 ? t('learning.course.continue') : t('learning.course.start')}
    </Button>
  );
}
