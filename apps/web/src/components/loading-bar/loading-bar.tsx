import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOADING_BAR } from '../../app/config';
import { useStoreInTransition } from '../../lib/external-store';
import { loadingStore } from './loading-store';

const TICK_MS = 100;

/** The page-loading bar: 3 px, shown after 200 ms of loading, filling over 2000 ms, red on error. */
export function LoadingBar() {
  // In a transition: requests start while React commits a page, and the bar waits 200 ms anyway.
  const { pending, error } = useStoreInTransition(loadingStore);
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const timers = useRef<{ throttle?: number; tick?: number; hide?: number }>({});

  useEffect(() => {
    const tm = timers.current;
    if (pending > 0) {
      window.clearTimeout(tm.hide);
      if (tm.throttle === undefined && tm.tick === undefined) {
        tm.throttle = window.setTimeout(() => {
          tm.throttle = undefined;
          setProgress(0);
          const step = (100 * TICK_MS) / LOADING_BAR.durationMs;
          tm.tick = window.setInterval(() => setProgress((p) => Math.min(95, (p ?? 0) + step)), TICK_MS);
        }, LOADING_BAR.throttleMs);
      }
    } else {
      window.clearTimeout(tm.throttle);
      tm.throttle = undefined;
      if (tm.tick !== undefined) {
        window.clearInterval(tm.tick);
        tm.tick = undefined;
        setProgress(100);
        tm.hide = window.setTimeout(() => setProgress(null), error ? 1200 : 400);
      }
    }
  }, [pending, error]);

  useEffect(() => {
    const tm = timers.current;
    return () => {
      window.clearTimeout(tm.throttle);
      window.clearInterval(tm.tick);
      window.clearTimeout(tm.hide);
    };
  }, []);

  if (progress === null) return null;
  return (
    <Box
      role="progressbar"
      aria-label={t('common.loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      data-testid="loading-bar"
      data-error={error ? 'true' : 'false'}
      sx={{
        position: 'fixed',
        top: 0,
        insetInlineStart: 0,
        width: '100%',
        height: LOADING_BAR.heightPx,
        zIndex: (th) => th.zIndex.tooltip + 1,
        pointerEvents: 'none',
      }}
    >
      {/* The width changes every tick: an inline style, not sx, which would serialise and insert a new
          CSS rule each time (and make the browser recompute the whole page's style). */}
      <Box
        sx={{ height: '100%', bgcolor: error ? 'error.main' : 'primary.main', transition: 'width 100ms linear' }}
        style={{ width: `${progress}%` }}
      />
    </Box>
  );
}
