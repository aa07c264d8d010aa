/** Map settings of the web; the tile server and its attribution come from GET /v1/config (see use-map-tiles). */
export const MAP_TILES = {
  /** Without a tile loaded by then, the map says it shows markers on a plain background. */
  timeoutMs: 6000,
};

/** Coordinates are kept to about 10 cm. */
export const COORDINATE_DECIMALS = 6;
export const roundCoordinate = (n: number) => Number(n.toFixed(COORDINATE_DECIMALS));
