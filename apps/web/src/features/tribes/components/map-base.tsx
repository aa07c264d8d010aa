import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useTheme } from '@mui/material/styles';
import { TileLayer as LeafletTileLayer } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import type { LatLng } from '../map-types';
import { useMapTiles } from '../use-map-tiles';
import { useTileStatus } from '../use-tile-status';
import { seaColour, WorldBaseLayer } from './world-base-layer';
import { useAfterMainContent } from '../../../lib/main-content';

/** Moves the keyboard into an opened popup, so its link or button is the next thing Enter reaches. */
function FocusPopup() {
  useMapEvents({
    popupopen(e) {
      // The popup's React content is portalled in right after the event.
      requestAnimationFrame(() =>
        e.popup.getElement()?.querySelector<HTMLElement>('.leaflet-popup-content a, .leaflet-popup-content button')?.focus(),
      );
    },
  });
  return null;
}

/** What Leaflet's attribution control puts between its prefix and the layers' credits (Leaflet 1.9). */
const ATTRIBUTION_SEPARATOR = '<span aria-hidden="true">|</span>';

/**
 * Leaflet's credit in the attribution control, in the interface language (Leaflet's own prefix is English), and
 * the tiles' credit with it until the tile layer is on the map and shows its own: the control keeps one width from
 * its first frame (it widened when the layer joined, after a frame under Preact: a layout shift of the map's foot).
 * Set before the paint (a layout effect) and in the same task as the layer joins or leaves (Leaflet's events).
 */
function AttributionPrefix({ prefix, credit }: { prefix: string; credit: string }) {
  const map = useMap();
  useLayoutEffect(() => {
    const update = () => {
      let tiled = false;
      map.eachLayer((layer) => {
        if (layer instanceof LeafletTileLayer) tiled = true;
      });
      map.attributionControl?.setPrefix(tiled ? prefix : `${prefix} ${ATTRIBUTION_SEPARATOR} ${credit}`);
    };
    update();
    map.on('layeradd layerremove', update);
    return () => {
      map.off('layeradd layerremove', update);
    };
  }, [map, prefix, credit]);
  return null;
}

interface Props {
  label: string;
  center: LatLng;
  zoom: number;
  height: number | string;
  children?: ReactNode;
}

/**
 * A Leaflet map with configured tiles, localised zoom buttons and a readable fallback: when tiles
 * cannot load, markers stay on the world base layer shipped with the app and a short notice says why.
 */
export function MapBase({ label, center, zoom, height, children }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { status, handlers } = useTileStatus();
  const tiles = useMapTiles();
  const rtl = theme.direction === 'rtl';
  // Leaflet starts a task after its box is on the page, not inside the commit that put it there (nor before a
  // page's first posts).
  const started = useAfterMainContent();
  return (
    // As tall as its parent when that has a height (a map of height="100%" in a box sized by the page).
    <Box component="section" aria-label={label} sx={{ position: 'relative', height: '100%' }}>
      <GlobalStyles
        styles={{
          '.leaflet-marker-icon.tribes-marker': {
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: '50%',
            border: '2px solid #fff',
            boxShadow: '0 1px 4px rgba(0,0,0,.45)',
          },
          '.leaflet-marker-icon.tribes-marker--tribe': {
            background: theme.palette.primary.main,
            color: theme.palette.primary.contrastText,
          },
          '.leaflet-marker-icon.tribes-marker--village': {
            background: theme.palette.secondary.main,
            color: theme.palette.secondary.contrastText,
            borderRadius: '4px',
          },
          // A village is drawn at 16 px; its tap target reaches 28 px (WCAG 2.5.8 asks for 24).
          '.leaflet-marker-icon.tribes-marker--village::after': { content: '""', position: 'absolute', inset: -8 },
          '.leaflet-marker-icon.tribes-marker--pick': { background: theme.palette.error.main },
          '.leaflet-marker-icon.tribes-marker--pin': {
            background: theme.palette.warning.dark,
            // Leaflet places a marker with its transform: the shape, not a rotation, tells events apart.
            borderRadius: '50% 50% 50% 0',
          },
          '.tribes-marker:focus-visible, .tribes-cluster:focus-visible': {
            outline: `3px solid ${theme.palette.warning.main}`,
            outlineOffset: 2,
          },
          '.leaflet-marker-icon.tribes-cluster': {
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: '50%',
            background: theme.palette.primary.dark,
            color: '#fff',
            fontWeight: 700,
            border: '3px solid rgba(255,255,255,.85)',
            boxShadow: '0 1px 5px rgba(0,0,0,.5)',
          },
          '.leaflet-popup-content': { margin: '12px 16px', fontFamily: theme.typography.fontFamily },
        }}
      />
      <Box
        dir="ltr"
        data-testid="map"
        data-tiles={status}
        sx={{
          height,
          position: 'relative',
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          '& .leaflet-container': {
            height: '100%',
            width: '100%',
            // The sea of the world base layer, which stays under the tiles and shows when they cannot load.
            background: seaColour(theme.palette.mode),
            // The app's type, not Leaflet's Helvetica, in the controls and the attribution.
            font: 'inherit',
            fontSize: '0.75rem',
            lineHeight: 1.5,
          },
        }}
      >
        {status === 'failed' && (
          // Over the map's foot (above Leaflet's panes and controls, clear of the attribution), not above the map:
          // arriving late, it would push the map and what follows it down.
          <Alert
            severity="info"
            role="status"
            // The map's box is ltr (Leaflet's own layout); the notice reads in the page's direction.
            dir={rtl ? 'rtl' : 'ltr'}
            data-testid="map-tiles-fallback"
            sx={{ position: 'absolute', insetInline: 8, bottom: 28, zIndex: 1001, boxShadow: 2 }}
          >
            {t('tribes.map.tilesFailed')}
          </Alert>
        )}
        {started && (
          <MapContainer
            center={[center.lat, center.lng]}
            zoom={zoom}
            zoomControl={false}
            // The tile layer joins once GET /v1/config names the server; clustering needs a max zoom before that.
            maxZoom={19}
            worldCopyJump
            scrollWheelZoom
            style={{ height: '100%' }}
          >
            {tiles.url && (
              // Keyed: Leaflet reads a layer's attribution when the layer is added, so a new language adds it anew.
              <TileLayer
                key={`${tiles.url} ${tiles.attribution}`}
                url={tiles.url}
                attribution={tiles.attribution}
                eventHandlers={handlers}
              />
            )}
            <WorldBaseLayer />
            <AttributionPrefix prefix={tiles.prefix} credit={tiles.attribution} />
            <ZoomControl
              position={rtl ? 'topright' : 'topleft'}
              zoomInTitle={t('tribes.map.zoomIn')}
              zoomOutTitle={t('tribes.map.zoomOut')}
            />
            <FocusPopup />
            {children}
          </MapContainer>
        )}
      </Box>
    </Box>
  );
}
