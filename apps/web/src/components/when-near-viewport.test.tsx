import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNearViewport } from './when-near-viewport';

afterEach(() => vi.unstubAllGlobals());

/** A stand-in IntersectionObserver whose callback the test calls, as the browser would on scrolling. */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[]; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.record = { callback, targets: [], disconnected: false };
        observers.push(this.record);
      }
      observe(el: Element) {
        this.record.targets.push(el);
      }
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
  const scrollNear = (isIntersecting: boolean) =>
    act(() => {
      for (const o of observers.filter((x) => !x.disconnected))
        o.callback(
          o.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
    });
  return { observers, scrollNear };
}

/** A part that, like the lazily loaded map, has its focusable element only a moment after it mounts. */
function LateMap() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 20);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <div tabIndex={0} data-testid="map" /> : <div data-testid="loading" />;
}

describe('WhenNearViewport', () => {
  it('keeps a placeholder of the same height until its place comes near the screen, then renders the part', () => {
    const { observers, scrollNear } = stubObserver();
    render(
      <WhenNearViewport height={320} label="Map of the tribe">
        <div data-testid="heavy" />
      </WhenNearViewport>,
    );
    expect(screen.queryByTestId('heavy')).toBeNull();
    expect(screen.getByTestId('deferred-placeholder')).toHaveStyle({ height: '320px' });
    scrollNear(false);
    expect(screen.queryByTestId('heavy')).toBeNull();
    scrollNear(true);
    expect(screen.getByTestId('heavy')).toBeInTheDocument();
    expect(screen.queryByTestId('deferred-placeholder')).toBeNull();
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });

  it('renders the part at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNearViewport height={320} label="Map of the tribe">
        <div data-testid="heavy" />
      </WhenNearViewport>,
    );
    expect(screen.getByTestId('heavy')).toBeInTheDocument();
  });

  it("takes a place in the tab order under the part's name, and hands the focus on to the part when focused", async () => {
    stubObserver();
    render(
      <>
        <button type="button">before</button>
        <WhenNearViewport height={320} label="Map of the tribe">
          <LateMap />
        </WhenNearViewport>
      </>,
    );
    const placeholder = screen.getByRole('group', { name: 'Map of the tribe' });
    expect(placeholder).toHaveAttribute('tabindex', '0');
    expect(placeholder).toHaveAttribute('data-testid', 'deferred-placeholder');
    act(() => placeholder.focus());
    // The part renders at once (no scrolling needed); meanwhile its wrapper holds the focus, under the same name.
    expect(screen.getByTestId('loading')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Map of the tribe' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('map')));
    // Handed on, the wrapper is nameless again (a render after the focus moves): the part names itself, once.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Map of the tribe' })).toBeNull());
  });

  it('adds no name of its own around a part reached by scrolling (the part names itself)', () => {
    const { scrollNear } = stubObserver();
    render(
      <WhenNearViewport height={320} label="Map of the tribe">
        <section aria-label="Map of the tribe" data-testid="heavy" />
      </WhenNearViewport>,
    );
    scrollNear(true);
    expect(screen.getAllByLabelText('Map of the tribe')).toEqual([screen.getByTestId('heavy')]);
  });

  it('leaves the focus where the user moved it while the part was loading', async () => {
    stubObserver();
    render(
      <>
        <WhenNearViewport height={320} label="Map of the tribe">
          <LateMap />
        </WhenNearViewport>
        <button type="button">after</button>
      </>,
    );
    act(() => screen.getByTestId('deferred-placeholder').focus());
    act(() => screen.getByRole('button', { name: 'after' }).focus());
    await waitFor(() => expect(screen.getByTestId('map')).toBeInTheDocument());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'after' }));
    // The wrapper lets go of its name a render after the part arrives (set from a MutationObserver callback).
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Map of the tribe' })).toBeNull());
  });
});
