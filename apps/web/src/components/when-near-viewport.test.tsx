import { act, render, screen } from '@testing-library/react';
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

describe('WhenNearViewport', () => {
  it('keeps a placeholder of the same height until its place comes near the screen, then renders the part', () => {
    const { observers, scrollNear } = stubObserver();
    render(
      <WhenNearViewport height={320}>
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
      <WhenNearViewport height={320}>
        <div data-testid="heavy" />
      </WhenNearViewport>,
    );
    expect(screen.getByTestId('heavy')).toBeInTheDocument();
  });
});
