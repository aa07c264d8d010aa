import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { startLoading } from './loading-bar/loading-store';

/** Matches a page skeleton: the site footer hides while one is in the page (see `SiteFooter`). */
export const PAGE_SKELETON = '[data-testid="page-skeleton"]';

/** Placeholder while a page's code or data loads; also drives the page-loading bar. */
export function PageSkeleton({ rows = 3 }: { rows?: number }) {
  useEffect(() => startLoading(), []);
  return (
    <Box aria-busy="true" data-testid="page-skeleton" sx={{ p: { xs: 2, md: 4 }, width: '100%', maxWidth: 960, mx: 'auto' }}>
      <Skeleton variant="text" sx={{ fontSize: '2rem', width: '40%' }} />
      <Stack spacing={2} sx={{ mt: 2 }}>
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </Stack>
    </Box>
  );
}
