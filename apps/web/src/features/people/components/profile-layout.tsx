import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title';

/** The profile pages' column; the title becomes the document title. */
export function ProfileLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <Stack spacing={2.5}>{children}</Stack>
    </Box>
  );
}

/** The profile card while it loads. */
export function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={2}
      alignItems="center"
      role="status"
      aria-label={t('posts.common.loading')}
      data-testid="profile-skeleton"
    >
      <Skeleton variant="circular" width={88} height={88} />
      <Stack sx={{ flexGrow: 1 }}>
        <Skeleton variant="text" sx={{ fontSize: '2rem', width: '50%' }} />
        <Skeleton variant="text" sx={{ width: '70%' }} />
      </Stack>
    </Stack>
  );
}
