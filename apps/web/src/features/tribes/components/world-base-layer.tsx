import { useTheme } from '@mui/material/styles';
import type { FeatureCollection, MultiLineString } from 'geojson';
import { useEffect, useState } from 'react';
import { GeoJSON, Pane } from 'react-leaflet';

interface WorldShapes {
  land: FeatureCollection;
  borders: MultiLineString;
}

let shapes: Promise<WorldShapes> | null = null;

/**
 * Natural Earth's countries at 1:110m (world-atlas, public domain), shipped with the app in their own
 * chunk (about 30 KB gzip): read once per page, converted from TopoJSON to GeoJSON.
 */
function loadWorld(): Promise<WorldShapes> {
  shapes ??= Promise.all([import('world-atlas/countries-110m.json'), import('topojson-client')]).then(([atlas, topo]) => {
    const topology = (atlas.default ?? atlas) as unknown as Parameters<typeof topo.feature>[0];
    const countries = (topology.objects as Record<string, Parameters<typeof topo.feature>[1]>).countries!;
    return {
      land: topo.feature(topology, countries) as unknown as FeatureCollection,
      borders: topo.mesh(topology, countries as Parameters<typeof topo.mesh>[1], (a, b) => a !== b),
    };
  });
  return shapes;
}

/** The sea under the base layer (the map container's background) in each theme. */
export const seaColour = (mode: 'light' | 'dark') => (mode === 'dark' ? '#1b2a36' : '#cfe3ef');

/**
 * The world's countries and coasts drawn under the tiles, from data shipped with the app: when the
 * tile server is blocked, slow or the phone is offline, the map still shows where things are.
 * Tiles that load cover it (its pane sits below Leaflet's tile pane).
 */
export function WorldBaseLayer() {
  const theme = useTheme();
  const [world, setWorld] = useState<WorldShapes | null>(null);
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
  return (
    <Pane name="world-base" style={{ zIndex: 150 }}>
      {world && (
        <>
          <GeoJSON
            data={world.land}
            interactive={false}
            style={{ stroke: false, fillColor: dark ? '#3a4652' : '#f2efe6', fillOpacity: 1 }}
          />
          <GeoJSON
            data={world.borders}
            interactive={false}
            style={{ color: dark ? '#6b7884' : '#b9b2a2', weight: 1, fill: false }}
          />
        </>
      )}
    </Pane>
  );
}
