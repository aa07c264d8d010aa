import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SEARCH_LIMITS, type SearchHit as Hit } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/inputs/text-field';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { KIND_TABS, useSearchPage } from '../use-search-page';
import { SearchHit } from './search-hit';

const h2 = { fontSize: '1.15rem', fontWeight: 700 } as const;

function HitList({ hits, query, onOpen, label }: { hits: Hit[]; query: string; onOpen(): void; label: string }) {
  return (
    <Paper variant="outlined">
      <List aria-label={label} disablePadding>
        {hits.map((hit) => (
          <SearchHit key={`${hit.kind}-${hit.id}`} hit={hit} query={query} onOpen={onOpen} />
        ))}
      </List>
    </Paper>
  );
}

/** The recent searches kept on this device: each runs again with a click or Enter, each can be removed. */
function RecentSearches({ page }: { page: ReturnType<typeof useSearchPage> }) {
  const { t } = useTranslation();
  if (page.recent.length === 0) return null;
  return (
    <section aria-labelledby="recent-searches">
      <Stack direction="row" alignItems="center" justifyContent="space-between" useFlexGap sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" id="recent-searches" sx={h2}>
          {t('search.recent')}
        </Typography>
        <Button onClick={page.clearSearches} data-testid="recent-clear">
          {t('search.clearRecent')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <List aria-labelledby="recent-searches" disablePadding data-testid="recent-searches">
          {page.recent.map((q) => (
            <ListItem
              key={q}
              disablePadding
              secondaryAction={
                <IconButton edge="end" aria-label={t('search.removeRecent', { q })} onClick={() => page.forgetSearch(q)}>
                  <CloseIcon />
                </IconButton>
              }
            >
              <ListItemButton onClick={() => page.runRecent(q)} data-testid="recent-search">
                <ListItemIcon>
                  <HistoryIcon aria-hidden />
                </ListItemIcon>
                <ListItemText primary={<bdi>{q}</bdi>} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('search.recentHint')}
      </Typography>
    </section>
  );
}

function Results({ page }: { page: ReturnType<typeof useSearchPage> }) {
  const { t } = useTranslation();
  if (page.loading) return <ListSkeleton rows={4} height={72} />;
  if (page.failed)
    return (
      <Alert severity="error" action={<Button onClick={page.retry}>{t('search.retry')}</Button>} data-testid="search-failed">
        {t('search.failed')}
      </Alert>
    );
  if (page.hits.length === 0)
    return <EmptyState icon={SearchOffIcon} title={t('search.empty', { q: page.q })} body={t('search.emptyHint')} />;
  return (
    <>
      {page.kind === 'all' ? (
        page.groups.map((g) => (
          <section key={g.kind} aria-labelledby={`search-group-${g.kind}`} data-testid={`search-group-${g.kind}`}>
            <Typography variant="h2" id={`search-group-${g.kind}`} sx={{ ...h2, mb: 1 }}>
              {t(`search.kinds.${g.kind}`)}
            </Typography>
            <HitList hits={g.hits} query={page.q} onOpen={page.onOpen} label={t(`search.kinds.${g.kind}`)} />
          </section>
        ))
      ) : (
        <HitList hits={page.hits} query={page.q} onOpen={page.onOpen} label={t(`search.kinds.${page.kind}`)} />
      )}
      <LoadMore hasMore={page.hasMore} loading={page.loadingMore} onMore={page.loadMore} />
    </>
  );
}

/** The search page's content: the field, the kinds, the results (or the recent searches before a search). */
export function SearchPanel() {
  const { t } = useTranslation();
  const page = useSearchPage();
  return (
    <>
      <form role="search" onSubmit={page.onSubmit} aria-label={t('search.title')}>
        <TextField
          id="search-q"
          label={t('search.field')}
          value={page.query}
          onChange={(e) => page.setQuery(e.target.value)}
          type="search"
          autoComplete="off"
          endAdornment={
            <InputAdornment position="end">
              <IconButton type="submit" edge="end" aria-label={t('search.submit')}>
                <SearchIcon />
              </IconButton>
            </InputAdornment>
          }
          htmlInput={{
            dir: 'auto',
            maxLength: SEARCH_LIMITS.queryMax,
            enterKeyHint: 'search',
            'data-testid': 'search-page-input',
          }}
        />
      </form>
      {page.q ? (
        <>
          <Tabs
            value={page.kind}
            onChange={(_e, k: (typeof KIND_TABS)[number]) => page.setKind(k)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('search.kindsLabel')}
          >
            {KIND_TABS.map((k) => (
              <Tab key={k} value={k} label={t(`search.kinds.${k}`)} data-testid={`search-tab-${k}`} />
            ))}
          </Tabs>
          <div role="status" style={visuallyHidden}>
            {page.loading ? '' : t('search.shown', { count: page.hits.length })}
          </div>
          <Results page={page} />
        </>
      ) : (
        <>
          <EmptyState icon={SearchIcon} title={t('search.start')} body={t('search.startHint')} />
          <RecentSearches page={page} />
        </>
      )}
    </>
  );
}
