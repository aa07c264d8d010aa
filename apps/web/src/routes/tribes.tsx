import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../components/locale-link';
import { CreateTribeDialog } from '../features/tribes/components/create-tribe-dialog';
import { EmptyState } from '../components/empty-state';
import { TribesMap } from '../features/tribes/components/lazy-map';
import { ListSkeleton } from '../components/list-skeleton';
import { LoadMore } from '../components/load-more';
import { MembershipActions } from '../features/tribes/components/membership-actions';
import { TribeCard } from '../features/tribes/components/tribe-card';
import { TribeSearch } from '../features/tribes/components/tribe-search';
import { ViewToggle } from '../features/tribes/components/view-toggle';
import { useTribesPage } from '../features/tribes/use-tribes-page';

/** /tribes: browse and search every tribe, as a list (page by page) or on a map. */
export default function TribesPage() {
  const { t } = useTranslation();
  const s = useTribesPage();
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Stack spacing={3}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          justifyContent="space-between"
          alignItems={{ xs: 'stretch', sm: 'center' }}
        >
          <Box>
            <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
              {t('pages.tribes')}
            </Typography>
            <Typography color="text.secondary">{t('tribes.browse.intro')}</Typography>
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexShrink: 0, flexWrap: 'wrap' }}>
            <Button
              component={RouterLocaleLink}
              to="/donate#campaigns"
              variant="outlined"
              startIcon={<CampaignOutlinedIcon />}
              data-testid="tribes-campaigns-link"
            >
              {t('money.browse.link')}
            </Button>
            {s.hasPrimary && (
              <Button component={RouterLocaleLink} to="/tribe" variant="outlined">
                {t('pages.tribe')}
              </Button>
            )}
            {s.canCreate && (
              <Button
                variant="contained"
                startIcon={<AddCircleOutlineIcon />}
                onClick={s.openCreate}
                data-testid="open-create-tribe"
              >
                {t('tribes.create.open')}
              </Button>
            )}
          </Stack>
        </Stack>
        <TribeSearch value={s.query} onChange={s.setQuery} />
        <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={2}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
            {s.q ? t('tribes.search.resultsFor', { q: s.q }) : t('tribes.browse.all')}
          </Typography>
          <ViewToggle value={s.view} onChange={s.setView} />
        </Stack>
        {s.view === 'map' ? (
          <TribesMap tribes={s.mapTribes} villages={[]} label={t('tribes.map.label')} height={480} />
        ) : s.loading ? (
          <ListSkeleton rows={4} />
        ) : s.tribes.length === 0 ? (
          <EmptyState
            icon={SearchOffOutlinedIcon}
            title={s.q ? t('tribes.search.noResults', { q: s.q }) : t('tribes.browse.empty')}
            body={t('tribes.browse.emptyBody')}
            headingLevel="h3"
          />
        ) : (
          <Stack spacing={1.5} component="section" aria-label={t('tribes.browse.all')} aria-busy={s.searching}>
            {s.tribes.map((tribe) => (
              <TribeCard
                key={tribe.id}
                tribe={tribe}
                headingLevel="h3"
                actions={<MembershipActions tribe={tribe} size="small" />}
              />
            ))}
            <LoadMore hasMore={s.hasMore} loading={s.loadingMore} onMore={s.loadMore} auto />
          </Stack>
        )}
      </Stack>
      {s.canCreate && <CreateTribeDialog open={s.creating} onClose={s.closeCreate} onCreated={s.onCreated} />}
    </Box>
  );
}
