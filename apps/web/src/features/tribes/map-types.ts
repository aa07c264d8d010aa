import type { MapTribe, MapVillage } from '@tribes/shared';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Props of the lazily loaded map of tribes and villages. */
export interface TribesMapProps {
  tribes: MapTribe[];
  villages: MapVillage[];
  /** Accessible name of the map region. */
  label: string;
  height?: number | string;
  /** During onboarding: a popup button chooses the tribe instead of linking to its page. */
  onChooseTribe?: (tribe: MapTribe) => void;
  chooseLabel?: string;
  /** A tribe's id or slug: the view opens on that tribe and its villages. */
  focus?: string;
}

/** Props of the lazily loaded location picker. */
export interface LocationPickerProps {
  value: LatLng | null;
  onPick(value: LatLng): void;
  label: string;
  /** Where the map opens when no value is set yet (e.g. the tribe's own place). */
  center?: LatLng;
  height?: number | string;
  /** Shows the place only (an event's page): a click picks nothing. */
  readOnly?: boolean;
}
