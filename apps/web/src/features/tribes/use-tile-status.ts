import { useEffect, useMemo, useRef, useState } from 'react';
import { MAP_TILES } from './config';

export type TileStatus = 'loading' | 'ok' | 'failed';

/**
 * Watches the tile layer: 'failed' when tiles error before any loads, or none loads in time (no
 * network, a blocked tile server), so the page can say that it shows markers on a plain background.
 */
export function useTileStatus(timeoutMs = MAP_TILES.timeoutMs) {
  const [status, setStatus] = useState<TileStatus>('loading');
  const loaded = useRef(false);
  useEffect(() => {
    const id = setTimeout(() => setStatus((s) => (s === 'loading' ? 'failed' : s)), timeoutMs);
    return () => clearTimeout(id);
  }, [timeoutMs]);
  const handlers = useMemo(
    () => ({
      tileload: () => {
        loaded.current = true;
        setStatus('ok');
      },
      tileerror: () => {
        if (!loaded.current) setStatus('failed');
      },
    }),
    [],
  );
  return { status, handlers };
}
