import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '../components/locale-link';
import { useEventPins } from '../features/events/use-event-pins';
import { TribesMap } from '../features/tribes/components/lazy-map';
import { TribeStats } from '../features/tribes/components/tribe-stats';
import { useMapPage } from '../features/tribes/use-map-page';

const MAP_HEIGHT = { xs: 420, md: 'calc(100vh - 300px)' } as const;

function Legend({ events, onEvents }: { events: boolean; onEvents(on: boolean): void }) {
  const { t } = useTranslation();
  const dot = (shape: 'round' | 'square', color: string, size: number) => (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: shape === 'round' ? '50%' : '3px',
        bgcolor: color,
        border: '2px solid #fff',
        boxShadow: 1,
      }}
    />
  );
  return (
    <Stack useFlexGap direction="row" spacing={2.5} sx={{ flexWrap: 'wrap' }} aria-label={t('tribes.map.legend')} role="group">
      <Stack direction="row" spacing={1} alignItems="center">
        {dot('round', 'primary.main', 18)}
        <Typography variant="body2">{t('tribes.map.legendTribe')}</Typography>
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center">
        {dot('square', 'secondary.main', 14)}
        <Typography variant="body2">{t('tribes.map.legendVillage')}</Typography>
      </Stack>
      <FormControlLabel
        sx={{ m: 0, gap: 1 }}
        control={<Switch size="small" checked={events} onChange={(e) => onEvents(e.target.checked)} data-testid="map-events" />}
        label={
          <Stack direction="row" spacing={1} alignItems="center" component="span">
            <Box
              component="span"
              aria-hidden
              sx={{
                display: 'inline-block',
                width: 16,
                height: 16,
                borderRadius: '50% 50% 50% 0',
                bgcolor: 'warning.dark',
                border: '2px solid #fff',
                boxShadow: 1,
              }}
            />
            <Typography variant="body2" component="span">
              {t('events.map.layer')}
            </Typography>
          </Stack>
        }
      />
    </Stack>
  );
}

/** /map: tribes and approved villages on a Leaflet map, clustered, with popups linking to tribe pages; upcoming events as a layer. */
export default function MapPage() {
  const { t } = useTranslation();
  const m = useMapPage();
  const [params] = useSearchParams();
  const [events, setEvents] = useState(true);
  const pins = useEventPins(events);
  return (
    <Stack spacing={2} sx={{ width: '100%', maxWidth: 1400, mx: 'auto' }}>
      <Stack spacing={0.5}>
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {t('pages.map')}
        </Typography>
        <Typography color="text.secondary">{t('tribes.map.intro')}</Typography>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between">
        <Legend events={events} onEvents={setEvents} />
        <Typography variant="body2" color="text.secondary" role="status" data-testid="map-counts">
          {m.loading
            ? t('tribes.common.loading')
            : t('tribes.map.counts', { tribes: m.tribes.length, villages: m.villages.length })}
        </Typography>
      </Stack>
      {m.loading ? (
        <Skeleton variant="rounded" sx={{ height: MAP_HEIGHT }} data-testid="map-skeleton" />
      ) : (
        // The height is the box's, so the map's placeholder (while Leaflet loads) holds the map's place.
        <Box sx={{ height: MAP_HEIGHT, minHeight: 320 }}>
          <TribesMap
            tribes={m.tribes}
            villages={m.villages}
            pins={events ? pins : []}
            label={t('tribes.map.label')}
            height="100%"
            focus={params.get('tribe') ?? undefined}
          />
        </Box>
      )}
      {m.sorted.length > 0 && (
        <Paper variant="outlined" component="section" aria-labelledby="map-tribe-list">
          <Typography id="map-tribe-list" variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, p: 2, pb: 0 }}>
            {t('tribes.map.listTitle')}
          </Typography>
          <List dense sx={{ maxHeight: 320, overflowY: 'auto' }}>
            {m.sorted.map((x) => (
              <ListItem key={x.id} sx={{ display: 'block' }}>
                <LocaleLink to={`/tribes/${x.slug}`} dir="auto" sx={{ fontWeight: 600 }}>
                  {x.name}
                </LocaleLink>
                <TribeStats members={x.member_count} villages={x.village_count} />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
