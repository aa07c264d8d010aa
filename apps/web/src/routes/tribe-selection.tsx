import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CreateTribeDialog } from '../features/tribes/components/create-tribe-dialog';
import { EmptyState } from '../components/empty-state';
import { TribesMap } from '../features/tribes/components/lazy-map';
import { ListSkeleton } from '../components/list-skeleton';
import { LoadMore } from '../components/load-more';
import { TribeCard } from '../features/tribes/components/tribe-card';
import { TribeSearch } from '../features/tribes/components/tribe-search';
import { ViewToggle } from '../features/tribes/components/view-toggle';
import { useTribeSelection } from '../features/tribes/use-tribe-selection';

/** /tribe-selection: the onboarding step after role selection. */
export default function TribeSelectionPage() {
  const { t } = useTranslation();
  const s = useTribeSelection();
  return (
    <Stack spacing={3} sx={{ width: '100%' }}>
      <Stack spacing={1}>
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {t('pages.tribeSelection')}
        </Typography>
        <Typography color="text.secondary">{t('tribes.selection.intro')}</Typography>
      </Stack>
      <Alert severity="info" variant="outlined">
        {t('tribes.selection.pendingExplained')}
      </Alert>
      {s.canCreate && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'stretch', sm: 'center' }}>
            <Typography sx={{ flexGrow: 1 }}>{t('tribes.selection.leaderCreate')}</Typography>
            <Button
              variant="contained"
              startIcon={<AddCircleOutlineIcon />}
              onClick={s.openCreate}
              disabled={s.busy}
              data-testid="open-create-tribe"
            >
              {t('tribes.create.open')}
            </Button>
          </Stack>
        </Paper>
      )}
      <TribeSearch value={s.query} onChange={s.setQuery} />
      <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {s.q ? t('tribes.search.resultsFor', { q: s.q }) : t('tribes.selection.allTribes')}
        </Typography>
        <ViewToggle value={s.view} onChange={s.setView} />
      </Stack>
      {s.view === 'map' ? (
        <TribesMap
          tribes={s.mapTribes}
          villages={[]}
          label={t('tribes.map.label')}
          height={420}
          onChooseTribe={(x) => void s.choose(x.id)}
          chooseLabel={t('tribes.selection.choose')}
        />
      ) : s.loading ? (
        <ListSkeleton />
      ) : s.tribes.length === 0 ? (
        <EmptyState
          icon={SearchOffOutlinedIcon}
          title={s.q ? t('tribes.search.noResults', { q: s.q }) : t('tribes.selection.noTribes')}
          body={s.canCreate ? t('tribes.selection.noTribesLeader') : t('tribes.selection.noTribesMember')}
          headingLevel="h3"
        />
      ) : (
        <Stack spacing={1.5} component="section" aria-label={t('tribes.selection.allTribes')} aria-busy={s.searching}>
          {s.tribes.map((tribe) => (
            <TribeCard
              key={tribe.id}
              tribe={tribe}
              plain
              headingLevel="h3"
              actions={
                <Button
                  variant="contained"
                  onClick={() => void s.choose(tribe.id)}
                  disabled={s.busy || tribe.my_membership?.status === 'banned'}
                  aria-label={t(`tribes.selection.${s.choiceOf(tribe)}Named`, { name: tribe.name })}
                  data-testid={`choose-${tribe.slug}`}
                >
                  {s.choosing === tribe.id ? t('tribes.common.pleaseWait') : t(`tribes.selection.${s.choiceOf(tribe)}`)}
                </Button>
              }
            />
          ))}
          <LoadMore hasMore={s.hasMore} loading={s.loadingMore} onMore={s.loadMore} auto />
        </Stack>
      )}
      {s.canCreate && (
        <CreateTribeDialog
          open={s.creating}
          onClose={s.closeCreate}
          onCreated={s.onCreated}
          submitLabel={t('tribes.create.submitAndChoose')}
        />
      )}
    </Stack>
  );
}
