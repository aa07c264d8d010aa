import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../../components/page-skeleton';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useTribe } from '../api';
import { EmptyState } from '../../../components/empty-state';

/** Loads a tribe by id or slug: a skeleton while it loads, a friendly not-found, then the page. */
export function TribeGate({ tribeRef, children }: { tribeRef: string | undefined; children: (tribe: Tribe) => ReactNode }) {
  const { t } = useTranslation();
  const q = useTribe(tribeRef);
  // The page renders in the background, in slices the browser can interrupt, rather than in one
  // long task when the tribe arrives; the skeleton stays until then.
  const tribe = useDeferredValue(q.data);
  if (q.data && tribe) return <>{children(tribe)}</>;
  if (q.data || (q.isPending && tribeRef)) return <PageSkeleton rows={4} />;
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3, fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        {t('pages.tribeDetail')}
      </Typography>
      <EmptyState
        icon={SearchOffOutlinedIcon}
        title={t('tribes.notFound.title')}
        body={t('tribes.notFound.body')}
        action={
          <Button component={RouterLocaleLink} to="/tribes" variant="contained">
            {t('tribes.browse.cta')}
          </Button>
        }
      />
    </Box>
  );
}
