import OfflinePinOutlinedIcon from '@mui/icons-material/OfflinePinOutlined';
import Chip from '@mui/material/Chip';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Course, CourseAssessmentItem, CourseLessonItem } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { LocaleLink } from '../../../components/locale-link';
import { useSavedLessons } from '../../../lib/offline/saved-lessons';

/** Check mark, lock or empty circle: the state of one lesson, for eyes; the text says it for screen readers. */
function LessonIcon({ lesson }: { lesson: CourseLessonItem }) {
  if (lesson.completed) return <CheckCircleIcon color="success" aria-hidden />;
  if (lesson.locked) return <LockOutlinedIcon color="disabled" aria-hidden />;
  return <RadioButtonUncheckedIcon color="action" aria-hidden />;
}

function LessonState({ lesson }: { lesson: CourseLessonItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (lesson.completed) return <>{t('learning.outline.completed')}</>;
  if (!lesson.locked) return <>{t('learning.outline.open')}</>;
  if (lesson.available_at) {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(lesson.available_at),
    );
    return <>{t('learning.outline.opensOn', { date })}</>;
  }
  return <>{t('learning.outline.locked')}</>;
}

/** Up, down and delete for an author; every button names its lesson for screen readers. */
function LessonControls({
  lesson,
  count,
  onMove,
  onDelete,
  busy,
}: {
  lesson: CourseLessonItem;
  count: number;
  onMove(lesson: CourseLessonItem, to: number): void;
  onDelete(lesson: CourseLessonItem): void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
      <IconButton
        size="small"
        onClick={() => onMove(lesson, lesson.position - 1)}
        disabled={busy || lesson.position <= 1}
        aria-label={t('learning.outline.moveUp', { title: lesson.title })}
        data-testid="lesson-up"
      >
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        onClick={() => onMove(lesson, lesson.position + 1)}
        disabled={busy || lesson.position >= count}
        aria-label={t('learning.outline.moveDown', { title: lesson.title })}
        data-testid="lesson-down"
      >
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        color="error"
        onClick={() => onDelete(lesson)}
        disabled={busy}
        aria-label={t('learning.outline.deleteLesson', { title: lesson.title })}
        data-testid="lesson-delete"
      >
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/** The ordered lessons of a course: state, title (a link unless locked), and author controls. */
export function LessonList({
  course,
  onMove,
  onDelete,
  busy = false,
}: {
  course: Course;
  onMove(lesson: CourseLessonItem, to: number): void;
  onDelete(lesson: CourseLessonItem): void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  // A learner's open lessons are kept for reading offline once they follow the course.
  const saved = useSavedLessons(
    course.lessons.filter((l) => !l.locked).map((l) => l.id),
    course.enrolment !== null && !course.can_edit,
  );
  return (
    <List disablePadding data-testid="lesson-list" aria-label={t('learning.outline.lessons')}>
      {course.lessons.map((l, i) => (
        <ListItem
          key={l.id}
          divider={i < course.lessons.length - 1}
          sx={{ gap: 1.5, alignItems: 'center', px: { xs: 1.5, sm: 2 } }}
          data-testid="lesson-item"
          data-state={l.completed ? 'completed' : l.locked ? 'locked' : 'open'}
        >
          <LessonIcon lesson={l} />
          <Stack sx={{ minWidth: 0, flex: 1 }}>
            {l.locked ? (
              <Typography sx={{ fontWeight: 600 }} dir="auto">
                {t('learning.outline.lessonN', { n: l.position })} {l.title}
              </Typography>
            ) : (
              <LocaleLink
                to={`/tribe/learning-center/lesson/${l.id}`}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                dir="auto"
              >
                {t('learning.outline.lessonN', { n: l.position })} {l.title}
              </LocaleLink>
            )}
            <Typography variant="body2" color="text.secondary">
              <LessonState lesson={l} />
            </Typography>
            {saved.has(l.id) && (
              <Chip
                size="small"
                variant="outlined"
                icon={<OfflinePinOutlinedIcon />}
                label={t('outbox.savedOffline')}
                sx={{ alignSelf: 'flex-start', mt: 0.5 }}
                data-testid="lesson-saved-offline"
              />
            )}
          </Stack>
          {course.can_edit && (
            <LessonControls lesson={l} count={course.lessons.length} onMove={onMove} onDelete={onDelete} busy={busy} />
          )}
        </ListItem>
      ))}
    </List>
  );
}

function AssessmentState({ a }: { a: CourseAssessmentItem }) {
  const { t } = useTranslation();
  const parts = [
    t('learning.outline.questions', { count: a.question_count }),
    t('learning.outline.passMark', { score: a.pass_score }),
  ];
  if (a.passed) parts.unshift(t('learning.outline.passed', { score: a.best_score ?? a.pass_score }));
  else if (a.attempts_used > 0) parts.unshift(t('learning.outline.bestScore', { score: a.best_score ?? 0 }));
  if (a.attempt_limit !== null) parts.push(t('learning.outline.attempts', { used: a.attempts_used, limit: a.attempt_limit }));
  return <>{parts.join(' · ')}</>;
}

/** The assessments of a course, each with its pass state and attempts. */
export function AssessmentList({ course }: { course: Course }) {
  const { t } = useTranslation();
  return (
    <List disablePadding data-testid="assessment-list" aria-label={t('learning.outline.assessments')}>
      {course.assessments.map((a, i) => (
        <ListItem
          key={a.id}
          divider={i < course.assessments.length - 1}
          sx={{ gap: 1.5, px: { xs: 1.5, sm: 2 } }}
          data-testid="assessment-item"
        >
          {a.passed ? <CheckCircleIcon color="success" aria-hidden /> : <QuizOutlinedIcon color="action" aria-hidden />}
          <Stack sx={{ minWidth: 0 }}>
            <LocaleLink to={`/tribe/learning-center/assessment/${a.id}`} sx={{ fontWeight: 600 }} dir="auto">
              {a.title}
            </LocaleLink>
            <Typography variant="body2" color="text.secondary">
              <AssessmentState a={a} />
            </Typography>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
