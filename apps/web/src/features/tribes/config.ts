const envString = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value.trim() : fallback);

/** Map tiles by configuration (VITE_MAP_TILE_URL), OpenStreetMap by default. */
export const MAP_TILES = {
  url: envString(import.meta.env.VITE_MAP_TILE_URL, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  attribution: envString(
    import.meta.env.VITE_MAP_TILE_ATTRIBUTION,
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  ),
  /** Without a tile loaded by then, the map says it shows markers on a plain background. */
  timeoutMs: 6000,
};

/** Coordinates are kept to about 10 cm. */
export const COORDINATE_DECIMALS = 6;
export const roundCoordinate = (n: number) => Number(n.toFixed(COORDINATE_DECIMALS));
