import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Course } from '@tribes/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Percent done, as a bar and in words: lessons completed and assessments passed. */
export function CourseProgress({ course, compact = false }: { course: Course; compact?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const lessonsDone = course.lessons.filter((l) => l.completed).length;
  const passed = course.assessments.filter((a) => a.passed).length;
  return (
    <Stack spacing={0.75} data-testid="course-progress" data-progress={course.progress}>
      <Stack direction="row" justifyContent="space-between" spacing={1}>
        <Typography id={id} variant="body2" sx={{ fontWeight: 600 }}>
          {t('learning.progress.percent', { percent: course.progress })}
        </Typography>
        {!compact && (
          <Typography variant="body2" color="text.secondary">
            {t('learning.progress.detail', {
              lessons: lessonsDone,
              lessonTotal: course.lessons.length,
              passed,
              assessmentTotal: course.assessments.length,
            })}
          </Typography>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={course.progress}
        aria-labelledby={id}
        color={course.completed ? 'success' : 'primary'}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Stack>
  );
}
