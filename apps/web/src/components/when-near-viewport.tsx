import Skeleton from '@mui/material/Skeleton';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the screen a deferred part starts to load: a quarter of a phone's screen. */
const MARGIN = '200px';

/**
 * Renders `children` once its place comes near the screen, and a still placeholder of the same height
 * until then (nothing moves when it arrives). For heavy parts below the fold, such as a map (Leaflet,
 * its tiles): they cost nothing on a page that is opened and left without scrolling. Where the browser
 * has no IntersectionObserver the children render at once.
 */
export function WhenNearViewport({ height, children }: { height: number; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${MARGIN} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <>{children}</>;
  return <Skeleton ref={ref} variant="rounded" height={height} animation={false} data-testid="deferred-placeholder" />;
}
