import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MapTribe, MapVillage } from '@tribes/shared';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useMap } from 'react-leaflet';
import { LocaleLink } from '../../../components/locale-link';
import type { MapPin, TribesMapProps } from '../map-types';
import { ClusterGroup } from './cluster-group';
import { MapBase } from './map-base';
import { TribeCover, TribeLogo } from './tribe-faces';
import { TribeStats } from './tribe-stats';

const tribeIcon = L.divIcon({ className: 'tribes-marker tribes-marker--tribe', html: '', iconSize: [26, 26] });
const villageIcon = L.divIcon({ className: 'tribes-marker tribes-marker--village', html: '', iconSize: [16, 16] });
const pinIcon = L.divIcon({ className: 'tribes-marker tribes-marker--pin', html: '', iconSize: [18, 18] });

/** Fits the view to the markers once they first arrive. */
function FitToMarkers({ points }: { points: [number, number][] }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || points.length === 0) return;
    done.current = true;
    if (points.length === 1) map.setView(points[0]!, 6);
    else map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 8 });
  }, [map, points]);
  return null;
}

/** A tribe marker's popup: cover band, logo (or initial) and name, stats, and a link or a choose button. */
export function TribePopup({
  tribe,
  onChoose,
  chooseLabel,
}: {
  tribe: MapTribe;
  onChoose?: (t: MapTribe) => void;
  chooseLabel?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack spacing={1} dir={i18n.dir()} sx={{ minWidth: 180, maxWidth: 240 }}>
      <TribeCover tribe={tribe} sx={{ borderRadius: 1 }} />
      <Stack direction="row" spacing={1} alignItems="center">
        <TribeLogo tribe={tribe} size={36} />
        <Typography component="p" sx={{ fontWeight: 700, m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
          <bdi>{tribe.name}</bdi>
        </Typography>
      </Stack>
      <TribeStats members={tribe.member_count} villages={tribe.village_count} />
      {onChoose ? (
        <Button size="small" variant="contained" onClick={() => onChoose(tribe)}>
          {chooseLabel}
        </Button>
      ) : (
        <LocaleLink to={`/tribes/${tribe.slug}`}>{t('tribes.map.openTribe')}</LocaleLink>
      )}
    </Stack>
  );
}

function VillagePopup({ village }: { village: MapVillage }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack spacing={1} dir={i18n.dir()} sx={{ minWidth: 160 }}>
      <Typography component="p" sx={{ fontWeight: 700, m: 0 }}>
        <bdi>{village.name}</bdi>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('tribes.map.village')}
      </Typography>
      <LocaleLink to={`/tribes/${village.tribe_slug}`}>{t('tribes.map.openTribe')}</LocaleLink>
    </Stack>
  );
}

function PinPopup({ pin }: { pin: MapPin }) {
  const { i18n } = useTranslation();
  return (
    <Stack spacing={1} dir={i18n.dir()} sx={{ minWidth: 160 }}>
      <Typography component="p" sx={{ fontWeight: 700, m: 0 }}>
        <bdi>{pin.title}</bdi>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {pin.detail}
      </Typography>
      <LocaleLink to={pin.to}>{pin.linkLabel}</LocaleLink>
    </Stack>
  );
}

/** The map of tribes (larger round markers) and approved villages (small squares), clustered; other pins (events) as drops. */
export default function TribesMap({
  tribes,
  villages,
  pins = [],
  label,
  height = 480,
  onChooseTribe,
  chooseLabel,
  focus,
}: TribesMapProps) {
  const { t } = useTranslation();
  const points = useMemo<[number, number][]>(() => {
    // A focused tribe (its id or slug): the view opens on it and its villages, not on the whole world.
    const mine = focus ? tribes.filter((x) => x.id === focus || x.slug === focus) : [];
    const shown = mine.length ? mine : tribes;
    const theirVillages = mine.length ? villages.filter((v) => v.tribe_id === mine[0]!.id) : villages;
    return [
      ...shown.map((x) => [x.lat, x.lng] as [number, number]),
      ...theirVillages.map((v) => [v.lat, v.lng] as [number, number]),
    ];
  }, [tribes, villages, focus]);
  return (
    <MapBase label={label} center={{ lat: 20, lng: 10 }} zoom={2} height={height}>
      <FitToMarkers points={points} />
      <ClusterGroup>
        {tribes.map((tribe) => (
          <Marker
            key={`t-${tribe.id}`}
            position={[tribe.lat, tribe.lng]}
            icon={tribeIcon}
            title={t('tribes.map.tribeMarker', { name: tribe.name })}
            alt={tribe.name}
          >
            <Popup>
              <TribePopup tribe={tribe} onChoose={onChooseTribe} chooseLabel={chooseLabel} />
            </Popup>
          </Marker>
        ))}
        {villages.map((village) => (
          <Marker
            key={`v-${village.id}`}
            position={[village.lat, village.lng]}
            icon={villageIcon}
            title={t('tribes.map.villageMarker', { name: village.name })}
            alt={village.name}
          >
            <Popup>
              <VillagePopup village={village} />
            </Popup>
          </Marker>
        ))}
        {pins.map((pin) => (
          <Marker key={`p-${pin.id}`} position={[pin.lat, pin.lng]} icon={pinIcon} title={pin.title} alt={pin.title}>
            <Popup>
              <PinPopup pin={pin} />
            </Popup>
          </Marker>
        ))}
      </ClusterGroup>
    </MapBase>
  );
}
