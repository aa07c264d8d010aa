import Skeleton from '@mui/material/Skeleton';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the screen a deferred part starts to load: a quarter of a phone's screen. */
const MARGIN = '200px';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Renders `children` once its place comes near the screen, and a still placeholder of the same height
 * until then (nothing moves when it arrives). For heavy parts below the fold, such as a map (Leaflet,
 * its tiles): they cost nothing on a page that is opened and left without scrolling. Where the browser
 * has no IntersectionObserver the children render at once.
 *
 * The placeholder takes a place in the tab order, named `label` (the part's own name): a keyboard user
 * tabbing down the page reaches the part where it stands, not after it. Focusing the placeholder renders
 * the part and hands the focus on to the part's first focusable element once it has one (a lazily loaded
 * part may take a moment); until then the part's wrapper holds the focus, under the same name. Only until
 * then: the part names itself, and a wrapper named too would be heard as a second group of the same name.
 */
export function WhenNearViewport({ height, label, children }: { height: number; label: string; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const focusOnArrival = useRef(false);
  const [holding, setHolding] = useState(false);
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
  useEffect(() => {
    const box = wrapper.current;
    if (!near || !box || !focusOnArrival.current) return;
    focusOnArrival.current = false;
    box.focus();
    const handOn = () => {
      // The user has moved on meanwhile: leave the focus where they put it.
      if (document.activeElement !== box) {
        setHolding(false);
        return true;
      }
      const target = box.querySelector<HTMLElement>(FOCUSABLE);
      if (!target) return false;
      target.focus();
      setHolding(false);
      return true;
    };
    if (handOn()) return;
    const watch = new MutationObserver(() => {
      if (handOn()) watch.disconnect();
    });
    watch.observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ['tabindex'] });
    return () => watch.disconnect();
  }, [near]);
  if (near)
    return (
      <div
        ref={wrapper}
        tabIndex={-1}
        aria-label={holding ? label : undefined}
        role={holding ? 'group' : undefined}
        style={{ outline: 'none' }}
      >
        {children}
      </div>
    );
  return (
    <Skeleton
      ref={ref}
      variant="rounded"
      height={height}
      animation={false}
      tabIndex={0}
      role="group"
      aria-label={label}
      onFocus={() => {
        focusOnArrival.current = true;
        setHolding(true);
        setNear(true);
      }}
      data-testid="deferred-placeholder"
    />
  );
}
