import AddIcon from '@mui/icons-material/Add';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { membershipFlags } from '../../../lib/membership';
import { useTribeEvents } from '../api';
import { EventFormDialog, type EventPlaceOptions } from './event-form-dialog';
import { OccurrenceCard } from './occurrence-card';

/**
 * The events tab of a tribe page: its coming dates in time order; "Create an event" for leaders and
 * moderators. The page gives the villages and the map to pick a point on (`places`).
 */
export function TribeEvents({ tribe, places }: { tribe: Tribe; places: EventPlaceOptions }) {
  const { t } = useTranslation();
  const f = membershipFlags(tribe);
  const [creating, setCreating] = useState(false);
  const q = useTribeEvents(tribe.slug);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const create = f.canModerate && (
    <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="new-event">
      {t('events.tab.create')}
    </Button>
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap justifyContent="space-between" alignItems="center" sx={{ flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {t('events.tab.title')}
        </Typography>
        {items.length > 0 && create}
      </Stack>
      {q.isPending ? (
        <ListSkeleton rows={2} height={110} />
      ) : q.isError ? (
        <EmptyState icon={EventOutlinedIcon} title={t('events.tab.error')} headingLevel="h3" />
      ) : items.length === 0 ? (
        <EmptyState
          icon={EventOutlinedIcon}
          title={t('events.tab.empty')}
          body={f.canModerate ? t('events.tab.emptyLeader') : t('events.tab.emptyBody')}
          action={create || undefined}
          headingLevel="h3"
        />
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="event-list">
          {items.map((o) => (
            <li key={`${o.event_id}-${o.occurrence ?? ''}`}>
              <OccurrenceCard occurrence={o} />
            </li>
          ))}
        </Stack>
      )}
      <LoadMore hasMore={Boolean(q.hasNextPage)} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
      {creating && (
        <EventFormDialog
          tribeRef={tribe.slug}
          places={places}
          onClose={() => setCreating(false)}
          onSaved={() => setCreating(false)}
        />
      )}
    </Stack>
  );
}
