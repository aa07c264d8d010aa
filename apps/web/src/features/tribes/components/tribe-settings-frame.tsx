import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../../components/locale-link';
import { EmptyState } from '../../../components/empty-state';

/** Heading, tribe name and a way back; the content only for those allowed, a friendly refusal otherwise. */
export function TribeSettingsFrame({
  tribe,
  titleKey,
  allowed,
  deniedKey,
  children,
}: {
  tribe: Tribe;
  titleKey: string;
  allowed: boolean;
  deniedKey: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto', width: '100%' }}>
      <Stack spacing={2.5}>
        <Button
          component={RouterLocaleLink}
          to={`/tribes/${tribe.slug}`}
          startIcon={<ArrowBackIcon sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
          sx={{ alignSelf: 'flex-start' }}
        >
          <bdi>{tribe.name}</bdi>
        </Button>
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {t(titleKey)}
        </Typography>
        {allowed ? children : <EmptyState icon={LockOutlinedIcon} title={t('tribes.settings.deniedTitle')} body={t(deniedKey)} />}
      </Stack>
    </Box>
  );
}
