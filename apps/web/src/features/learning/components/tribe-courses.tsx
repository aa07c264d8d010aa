import AddIcon from '@mui/icons-material/Add';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOCALES, type Course, type Tribe } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../app/locale-hooks';
import { LocaleLink } from '../../../components/locale-link';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { membershipFlags } from '../../../lib/membership';
import { useTribeCourses } from '../api';
import { CourseFormDialog } from './course-form-dialog';
import { CourseProgress } from './course-progress';

/** One course of a tribe: cover, title (the link), language, lessons, and my progress once enrolled. */
function CourseCard({ course }: { course: Course }) {
  const { t } = useTranslation();
  const language = LOCALES.find((l) => l.code === course.language)?.name ?? course.language;
  return (
    <Paper variant="outlined" sx={{ display: 'flex', overflow: 'hidden' }} data-testid="course-card">
      {course.cover_url && (
        <Box
          component="img"
          src={course.cover_url}
          alt=""
          sx={{ width: { xs: 88, sm: 140 }, objectFit: 'cover', flexShrink: 0, bgcolor: 'action.hover' }}
        />
      )}
      <Stack spacing={1} sx={{ p: 2, minWidth: 0, flex: 1 }}>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700 }} dir="auto">
          <LocaleLink to={`/tribe/learning-center/course/${course.id}`} underline="hover" color="inherit">
            {course.title}
          </LocaleLink>
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" label={language} />
          <Chip size="small" variant="outlined" label={t('learning.tab.lessons', { count: course.lessons.length })} />
          {course.status === 'draft' && <Chip size="small" color="warning" label={t('learning.course.draft')} />}
          {course.completed && <Chip size="small" color="success" label={t('learning.tab.completed')} />}
        </Stack>
        {course.description && (
          <Typography
            variant="body2"
            color="text.secondary"
            dir="auto"
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {course.description}
          </Typography>
        )}
        {course.enrolment && <CourseProgress course={course} compact />}
      </Stack>
    </Paper>
  );
}

/** The courses tab of a tribe page: its courses with my progress; "new course" for leaders and moderators. */
export function TribeCourses({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const f = membershipFlags(tribe);
  const [creating, setCreating] = useState(false);
  const q = useTribeCourses(tribe.slug);
  const courses = q.data?.pages.flatMap((p) => p.items) ?? [];
  const create = f.canModerate && (
    <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="new-course">
      {t('learning.tab.newCourse')}
    </Button>
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap justifyContent="space-between" alignItems="center" sx={{ flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {t('learning.tab.title')}
        </Typography>
        {create}
      </Stack>
      {q.isPending ? (
        <ListSkeleton rows={2} height={110} />
      ) : q.isError ? (
        <EmptyState
          icon={SchoolOutlinedIcon}
          title={t('learning.tab.membersOnly')}
          body={t('learning.tab.membersOnlyBody')}
          headingLevel="h3"
        />
      ) : courses.length === 0 ? (
        <EmptyState
          icon={SchoolOutlinedIcon}
          title={t('learning.tab.empty')}
          body={f.canModerate ? t('learning.tab.emptyAuthor') : t('learning.tab.emptyBody')}
          headingLevel="h3"
        />
      ) : (
        <Stack spacing={1.5} data-testid="course-list">
          {courses.map((c) => (
            <CourseCard key={c.id} course={c} />
          ))}
        </Stack>
      )}
      <LoadMore hasMore={Boolean(q.hasNextPage)} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
      {creating && (
        <CourseFormDialog
          open
          tribeRef={tribe.slug}
          onClose={() => setCreating(false)}
          onSaved={(c) => navigate(`/tribe/learning-center/course/${c.id}`)}
        />
      )}
    </Stack>
  );
}
