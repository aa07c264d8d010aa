import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** Placeholder cards while a list loads. */
export function ListSkeleton({ rows = 3, height = 96 }: { rows?: number; height?: number }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} aria-busy="true" aria-label={t('common.loadingList')} role="status" data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 2 }}>
          <Skeleton variant="text" sx={{ fontSize: '1.2rem', width: '45%' }} />
          <Skeleton variant="text" sx={{ width: '70%' }} />
          <Skeleton variant="rounded" height={Math.max(0, height - 64)} />
        </Paper>
      ))}
    </Stack>
  );
}
