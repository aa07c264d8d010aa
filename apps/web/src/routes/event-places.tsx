import type { Tribe } from '@tribes/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventPlaceOptions, LatLng } from '../features/events/components/event-form-dialog';
import type { EventViewSlots } from '../features/events/components/event-view';
import { TribeEvents } from '../features/events/components/tribe-events';
import { useTribeVillages } from '../features/tribes/api';
import { LocationPicker } from '../features/tribes/components/lazy-map';

/** The places an event of a tribe may be at: its approved villages, and the map to pick any point on. */
export function useEventPlaces(tribeRef: string, enabled = true): EventPlaceOptions {
  const { t } = useTranslation();
  const q = useTribeVillages(tribeRef, 'approved', enabled);
  const villages = useMemo(
    () => (q.data?.pages.flatMap((p) => p.items) ?? []).map((v) => ({ id: v.id, name: v.name })),
    [q.data],
  );
  return {
    villages,
    pickPoint: (value: LatLng | null, onPick: (v: LatLng) => void) => (
      <LocationPicker value={value} onPick={onPick} label={t('events.form.mapLabel')} height={220} />
    ),
  };
}

/** The events tab of a tribe page: the events feature, given the tribe's villages and the map. */
export function TribeEventsTab({ tribe }: { tribe: Tribe }) {
  const places = useEventPlaces(tribe.slug);
  return <TribeEvents tribe={tribe} places={places} />;
}

/** What an event's page takes from the tribes feature: a small map of its place, and the places to edit it. */
export const eventViewSlots: EventViewSlots = {
  placeMap: (point, label) => <LocationPicker value={point} onPick={() => undefined} label={label} height={200} readOnly />,
  usePlaces: (tribeRef) => useEventPlaces(tribeRef),
};
