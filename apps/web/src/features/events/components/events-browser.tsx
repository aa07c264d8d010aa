import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import MyLocationOutlinedIcon from '@mui/icons-material/MyLocationOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { useEvents } from '../api';
import { OccurrenceCard } from './occurrence-card';

export const EVENTS_TABS = ['upcoming', 'near', 'mine'] as const;
type EventsTab = (typeof EVENTS_TABS)[number];
const isTab = (v: string | null): v is EventsTab => (EVENTS_TABS as readonly (string | null)[]).includes(v);

type Where = { state: 'idle' } | { state: 'asking' } | { state: 'denied' } | { state: 'found'; near: string };

function List({ scope, near }: { scope: 'all' | 'mine'; near: string | null }) {
  const { t } = useTranslation();
  const q = useEvents(scope, near);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  if (q.isPending) return <ListSkeleton rows={3} height={110} />;
  if (q.isError) return <EmptyState icon={EventOutlinedIcon} title={t('events.tab.error')} headingLevel="h2" />;
  if (items.length === 0)
    return (
      <EmptyState
        icon={EventOutlinedIcon}
        title={t(scope === 'mine' ? 'events.browse.emptyMine' : near ? 'events.browse.emptyNear' : 'events.browse.empty')}
        body={t('events.browse.emptyBody')}
        headingLevel="h2"
      />
    );
  return (
    <Stack spacing={1.5}>
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="event-list">
        {items.map((o) => (
          <li key={`${o.event_id}-${o.occurrence ?? ''}`}>
            <OccurrenceCard occurrence={o} showTribe />
          </li>
        ))}
      </Stack>
      <LoadMore hasMore={Boolean(q.hasNextPage)} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
    </Stack>
  );
}

/** "Near me": asks for the position only on a tap, says why, and falls back to every upcoming event when refused. */
function NearMe() {
  const { t } = useTranslation();
  const [where, setWhere] = useState<Where>({ state: 'idle' });
  const ask = () => {
    if (!('geolocation' in navigator)) return setWhere({ state: 'denied' });
    setWhere({ state: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (p) => setWhere({ state: 'found', near: `${p.coords.latitude.toFixed(3)},${p.coords.longitude.toFixed(3)}` }),
      () => setWhere({ state: 'denied' }),
      { maximumAge: 600_000, timeout: 20_000 },
    );
  };
  if (where.state === 'found') return <List scope="all" near={where.near} />;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5} alignItems="flex-start">
          <Typography>{t('events.browse.nearAsk')}</Typography>
          <Button variant="contained" startIcon={<MyLocationOutlinedIcon />} onClick={ask} disabled={where.state === 'asking'}>
            {t(where.state === 'asking' ? 'events.browse.locating' : 'events.browse.useLocation')}
          </Button>
        </Stack>
      </Paper>
      {where.state === 'denied' && (
        <>
          <Alert severity="info">{t('events.browse.nearDenied')}</Alert>
          <List scope="all" near={null} />
        </>
      )}
    </Stack>
  );
}

/** /events: upcoming events I may see, near me, and mine; tabs kept in ?tab=. */
export function EventsBrowser() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: EventsTab = isTab(raw) ? raw : 'upcoming';
  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          variant="fullWidth"
          onChange={(_e, v: EventsTab) => setParams(v === 'upcoming' ? {} : { tab: v }, { replace: true })}
          aria-label={t('events.browse.tabs')}
        >
          {EVENTS_TABS.map((x) => (
            <Tab key={x} value={x} label={t(`events.browse.${x}`)} id={`events-tab-${x}`} aria-controls={`events-panel-${x}`} />
          ))}
        </Tabs>
      </Paper>
      <div role="tabpanel" id={`events-panel-${tab}`} aria-labelledby={`events-tab-${tab}`}>
        {tab === 'upcoming' ? <List scope="all" near={null} /> : tab === 'near' ? <NearMe /> : <List scope="mine" near={null} />}
      </div>
    </Stack>
  );
}
