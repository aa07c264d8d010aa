import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../components/locale-link';
import { EmptyState } from '../components/empty-state';
import { TribeGate } from '../features/tribes/components/tribe-gate';
import { TribeView } from './tribe-view';
import { usePrimaryTribe } from '../lib/session/use-primary-tribe';

/** /tribe: my primary tribe, or a way to find one. */
export default function MyTribePage() {
  const { t } = useTranslation();
  const primary = usePrimaryTribe();
  if (primary) return <TribeGate tribeRef={primary}>{(tribe) => <TribeView tribe={tribe} />}</TribeGate>;
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3, fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        {t('pages.tribe')}
      </Typography>
      <EmptyState
        icon={TravelExploreOutlinedIcon}
        title={t('tribes.mine.emptyTitle')}
        body={t('tribes.mine.emptyBody')}
        action={
          <Button component={RouterLocaleLink} to="/tribes" variant="contained" data-testid="find-tribe">
            {t('tribes.browse.cta')}
          </Button>
        }
      />
    </Box>
  );
}
