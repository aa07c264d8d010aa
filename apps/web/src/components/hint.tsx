import type { TooltipProps } from '@mui/material/Tooltip';
import { useForkRef } from '@mui/material/utils';
import {
  cloneElement,
  Suspense,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react';
import { lazyPart } from '../lib/lazy-part';

/** MUI's delays: a hover shows after 100 ms, a long touch after 700 ms and stays 1.5 s after the finger lifts. */
const ENTER_DELAY = 100;
const TOUCH_DELAY = 700;
const TOUCH_LEAVE = 1500;

interface ChildProps {
  'aria-label'?: string;
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
  onPointerUp?: (e: PointerEvent<HTMLElement>) => void;
  onPointerCancel?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  ref?: Ref<HTMLElement>;
}

/** Keyboard focus (not a click): MUI shows tooltips for the former only. */
function focusVisible(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true; // a browser without the selector: show it, as for the keyboard
  }
}

/**
 * MUI's Tooltip with its positioning engine (Popper.js), some 10 KB compressed: loaded on the first hint wanted,
 * not with the page (issue 42); the hint shows when it has arrived (offline, on a device that never loaded it,
 * the child alone, named by the title as always).
 */
const Tooltip = lazyPart<TooltipProps>(
  () => import('@mui/material/Tooltip').then((m) => m.default),
  ({ children }) => children,
);

type Handler<E> = ((e: E) => void) | undefined;

/** The child's own handler first, then the hint's. */
const chain =
  <E,>(own: Handler<E>, mine: (e: E) => void) =>
  (e: E) => {
    own?.(e);
    mine(e);
  };

/**
 * A tooltip that costs nothing until it is wanted. MUI's Tooltip keeps its child's node in state,
 * so each one renders twice when a page mounts (a dozen on a feed, inside the first commit); here
 * the child renders alone, named by `title` when it has no name of its own, and the first hover,
 * keyboard focus or long touch mounts MUI's Tooltip beside it, anchored to it: same look, same
 * delays, Escape closes it. The child stays where it is, so nothing remounts and focus is kept. MUI's
 * Tooltip itself is loaded then (a page shows a dozen hints; few are ever wanted).
 */
export function Hint({ title, children }: { title: string; children: ReactElement<ChildProps> }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const node = useRef<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const later = (ms: number, next: boolean) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setAnchor(node.current);
      setOpen(next);
    }, ms);
  };
  const now = (next: boolean) => {
    window.clearTimeout(timer.current);
    if (next) setAnchor(node.current);
    setOpen(next);
  };

  const p = children.props;
  const ref = useForkRef(node, p.ref);
  const child = cloneElement(children, {
    'aria-label': p['aria-label'] ?? title,
    ref,
    onPointerEnter: chain(p.onPointerEnter, (e) => e.pointerType === 'mouse' && later(ENTER_DELAY, true)),
    onPointerLeave: chain(p.onPointerLeave, (e) => e.pointerType === 'mouse' && now(false)),
    onPointerDown: chain(p.onPointerDown, (e) => e.pointerType === 'touch' && later(TOUCH_DELAY, true)),
    onPointerUp: chain(p.onPointerUp, (e) => e.pointerType === 'touch' && later(TOUCH_LEAVE, false)),
    onPointerCancel: chain(p.onPointerCancel, (e) => e.pointerType === 'touch' && now(false)),
    onFocus: chain(p.onFocus, (e) => focusVisible(e.currentTarget) && now(true)),
    onBlur: chain(p.onBlur, () => now(false)),
  });

  return (
    <>
      {child}
      {anchor && (
        <Suspense fallback={null}>
          <Tooltip
            title={title}
            open={open}
            onClose={() => now(false)}
            disableInteractive
            disableHoverListener
            disableFocusListener
            disableTouchListener
            slotProps={{ popper: { anchorEl: anchor } }}
          >
            <span hidden />
          </Tooltip>
        </Suspense>
      )}
    </>
  );
}
