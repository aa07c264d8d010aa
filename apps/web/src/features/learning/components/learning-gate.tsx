import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageSkeleton } from '../../../components/page-skeleton';
import { RouterLocaleLink } from '../../../components/locale-link';
import { ApiError } from '../../../lib/api-client';
import { isNoConnection, useOnline } from '../../../lib/online-status';
import { OfflineUnavailable } from '../../../components/offline-unavailable';
import { usePageTitle } from '../../../lib/use-page-title';
import { EmptyState } from '../../../components/empty-state';

/**
 * Loads a learning page's subject: a skeleton while it loads; a locked lesson (409) or a missing or
 * forbidden one explained, with a way on; offline, one this device never saved said to be so (not "not
 * found"); then the page.
 */
export function LearningGate<T>({
  query,
  titleKey,
  children,
}: {
  query: UseQueryResult<T>;
  titleKey: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const failed = !query.data && !query.isPending;
  usePageTitle(failed ? t(titleKey) : undefined);
  if (query.data) return <>{children(query.data)}</>;
  if (query.isPending) return <PageSkeleton rows={4} />;
  const error = query.error;
  const locked = error instanceof ApiError && error.status === 409;
  const unsaved = !locked && (!online || isNoConnection(error));
  const myTribe = (
    <Button component={RouterLocaleLink} to="/tribe" variant="contained">
      {t('learning.gate.myTribe')}
    </Button>
  );
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3, fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        {t(titleKey)}
      </Typography>
      {unsaved ? (
        <OfflineUnavailable kind="notSaved" action={myTribe} />
      ) : (
        <EmptyState
          icon={locked ? LockOutlinedIcon : SearchOffOutlinedIcon}
          title={t(locked ? 'learning.gate.lockedTitle' : 'learning.gate.notFoundTitle')}
          body={locked ? error.message : t('learning.gate.notFoundBody')}
          action={
            locked ? (
              <Button variant="contained" onClick={() => void navigate(-1)}>
                {t('learning.gate.back')}
              </Button>
            ) : (
              myTribe
            )
          }
        />
      )}
    </Box>
  );
}
