import type { MapTribe, MapVillage } from '@tribes/shared';

export interface LatLng {
  lat: number;
  lng: number;
}

/** A marker another feature puts on the map (an event): where, what its popup says, where it links. */
export interface MapPin {
  id: string;
  lat: number;
  lng: number;
  title: string;
  /** A line under the title (a date). */
  detail: string;
  /** An app path, opened from the popup. */
  to: string;
  linkLabel: string;
}

/** Props of the lazily loaded map of tribes and villages. */
export interface TribesMapProps {
  tribes: MapTribe[];
  villages: MapVillage[];
  /** A layer of other markers (the map page's events), drawn as drops. */
  pins?: MapPin[];
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
