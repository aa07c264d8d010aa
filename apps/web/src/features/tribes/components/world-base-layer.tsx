import { useTheme } from '@mui/material/styles';
import type { FeatureCollection, MultiLineString } from 'geojson';
import { useEffect, useMemo, useState } from 'react';
import { GeoJSON, Pane } from 'react-leaflet';
import { useOneMorePerTask } from '../../../lib/use-one-more-per-task';

interface WorldShapes {
  land: FeatureCollection;
  borders: MultiLineString;
}

/** The base layer in pieces: Leaflet builds and projects each piece in a few ms of its own. */
interface WorldPieces {
  land: FeatureCollection[];
  borders: MultiLineString[];
}

const PANE_STYLE = { zIndex: 150 };

/** How many pieces each of land and borders is cut into (177 countries, 159 border lines). */
export const PIECES = 12;

export const cutIntoPieces = <T,>(items: T[]): T[][] => {
  if (items.length === 0) return [];
  const size = Math.ceil(items.length / PIECES);
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
};

let shapes: Promise<WorldPieces> | null = null;

/**
 * Natural Earth's countries at 1:110m (world-atlas, public domain), shipped with the app in their own
 * chunk (about 30 KB gzip): read once per page, converted from TopoJSON to GeoJSON.
 */
function loadWorld(): Promise<WorldPieces> {
  shapes ??= Promise.all([import('world-atlas/countries-110m.json'), import('topojson-client')]).then(([atlas, topo]) => {
    const topology = (atlas.default ?? atlas) as unknown as Parameters<typeof topo.feature>[0];
    const countries = (topology.objects as Record<string, Parameters<typeof topo.feature>[1]>).countries!;
    const world: WorldShapes = {
      land: topo.feature(topology, countries) as unknown as FeatureCollection,
      borders: topo.mesh(topology, countries as Parameters<typeof topo.mesh>[1], (a, b) => a !== b),
    };
    return {
      land: cutIntoPieces(world.land.features).map((features) => ({ type: 'FeatureCollection', features })),
      borders: cutIntoPieces(world.borders.coordinates).map((coordinates) => ({ type: 'MultiLineString', coordinates })),
    };
  });
  return shapes;
}

/** The sea under the base layer (the map container's background) in each theme. */
export const seaColour = (mode: 'light' | 'dark') => (mode === 'dark' ? '#1b2a36' : '#cfe3ef');

/**
 * The world's countries and coasts drawn under the tiles, from data shipped with the app: when the
 * tile server is blocked, slow or the phone is offline, the map still shows where things are.
 * Tiles that load cover it (its pane sits below Leaflet's tile pane). Drawn a piece per task (all of it
 * in one go was a task of some 100 ms on a fast laptop, four times that on a phone, as the page opened).
 */
export function WorldBaseLayer() {
  const theme = useTheme();
  const [world, setWorld] = useState<WorldPieces | null>(null);
  const shown = useOneMorePerTask(world ? world.land.length + world.borders.length : 0);
  useEffect(() => {
    let live = true;
    void loadWorld()
      .then((w) => live && setWorld(w))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const dark = theme.palette.mode === 'dark';
  // The same objects from render to render: a new style object makes Leaflet restyle every piece drawn.
  const landStyle = useMemo(() => ({ stroke: false, fillColor: dark ? '#3a4652' : '#f2efe6', fillOpacity: 1 }), [dark]);
  const borderStyle = useMemo(() => ({ color: dark ? '#6b7884' : '#b9b2a2', weight: 1, fill: false }), [dark]);
  const pieces = world
    ? [
        ...world.land.map((data, i) => <GeoJSON key={`land-${i}`} data={data} interactive={false} style={landStyle} />),
        ...world.borders.map((data, i) => <GeoJSON key={`borders-${i}`} data={data} interactive={false} style={borderStyle} />),
      ]
    : [];
  return (
    <Pane name="world-base" style={PANE_STYLE}>
      {pieces.slice(0, shown)}
    </Pane>
  );
}
