import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from './locale-link';
import { usePageTitle } from '../lib/use-page-title';

/**
 * A page whose feature later work fills: its heading and a friendly empty state. `embedded` leaves
 * the heading to the surrounding frame.
 */
export function ComingSoon({ titleKey, embedded = false }: { titleKey: string; embedded?: boolean }) {
  const { t } = useTranslation();
  usePageTitle(embedded ? undefined : t(titleKey));
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto', width: '100%' }} data-testid="coming-soon">
      {!embedded && (
        <Typography variant="h1" component="h1" sx={{ mb: 3, fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {t(titleKey)}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Stack spacing={2} alignItems="center">
          <ConstructionOutlinedIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
            {t('comingSoon.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
            {t('comingSoon.body')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button component={RouterLocaleLink} to="/setting/edit-profile" variant="outlined">
              {t('comingSoon.editProfile')}
            </Button>
            <Button component={RouterLocaleLink} to="/feedback">
              {t('comingSoon.feedback')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
