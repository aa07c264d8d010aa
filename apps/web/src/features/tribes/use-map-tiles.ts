import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../lib/public-config';

/** OpenStreetMap's standard tiles, while GET /v1/config has not answered or could not be read. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_COPYRIGHT = 'https://www.openstreetmap.org/copyright';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Where the map's tiles come from, and the attribution and Leaflet credit Leaflet shows under it. */
export interface MapTiles {
  /** null until the configuration is known, so no tile is asked of a server the operator did not choose. */
  url: string | null;
  /** HTML, as Leaflet takes it. */
  attribution: string;
  /** HTML of the attribution control's prefix (the credit to Leaflet). */
  prefix: string;
}

/**
 * The tile server of GET /v1/config (MAP_TILE_URL) and its attribution: the operator's MAP_ATTRIBUTION as
 * given, else OpenStreetMap's in the interface language from the catalogue, like Leaflet's own credit.
 */
export function useMapTiles(): MapTiles {
  const { t } = useTranslation();
  // The served page carries it (no round trip, and the tiles' credit is there from the map's first frame: it
  // widened when the answer came, a layout shift of the map's foot).
  const config = usePublicConfig();
  const map = config.data?.map;
  const osmLink = `<a href="${OSM_COPYRIGHT}">OpenStreetMap</a>`;
  const osm = `&copy; ${escapeHtml(t('tribes.map.osmAttribution', { link: '\u0000' })).replace('\u0000', osmLink)}`;
  return {
    url: map?.tile_url ?? (config.isError ? OSM_TILE_URL : null),
    attribution: map?.attribution ?? osm,
    prefix: `<a href="https://leafletjs.com" hreflang="en" title="${escapeHtml(t('tribes.map.leafletTitle'))}">Leaflet</a>`,
  };
}
