import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../../components/locale-link';
import { PageFrame } from '../../../components/page-frame';

/** A learning page: an optional way back above the page's h1, its actions, the content. */
export function LearningFrame({
  title,
  action,
  back,
  children,
}: {
  title: string;
  action?: ReactNode;
  back?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ width: '100%' }}>
      {back && <Box sx={{ maxWidth: 1000, mx: 'auto', mb: 1 }}>{back}</Box>}
      <PageFrame title={title} action={action} wide>
        {children}
      </PageFrame>
    </Box>
  );
}

/** "Back to the course", with an arrow that points backwards in either direction. */
export function BackToCourse({ courseId, label }: { courseId: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLocaleLink}
      to={`/tribe/learning-center/course/${courseId}`}
      startIcon={<ArrowBackIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />}
      size="small"
      data-testid="back-to-course-link"
    >
      {label ?? t('learning.common.backToCourse')}
    </Button>
  );
}
