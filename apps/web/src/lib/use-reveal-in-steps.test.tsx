import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRevealInSteps } from './use-reveal-in-steps';

/** A list whose foot is `bottom` px from the window's top (jsdom lays nothing out). */
let measures = 0;
function List({ total, bottom }: { total: number; bottom: number }) {
  const ref = useRef<HTMLElement>(null);
  const shown = useRevealInSteps(total, ref);
  return (
    <section
      ref={(el) => {
        ref.current = el;
        if (el)
          el.getBoundingClientRect = () => {
            measures += 1;
            return { top: 0, bottom } as DOMRect;
          };
      }}
    >
      <output data-testid="shown">{shown}</output>
    </section>
  );
}

const shown = () => Number(screen.getByTestId('shown').textContent);
const nextTask = () => act(() => vi.advanceTimersToNextTimer());

beforeEach(() => {
  vi.useFakeTimers();
  measures = 0;
});
afterEach(() => vi.useRealTimers());

describe('useRevealInSteps', () => {
  it('draws one item first when the list already reaches under the window, then one more per task', async () => {
    const { rerender, unmount } = render(<List total={3} bottom={window.innerHeight + 10} />);
    expect(shown()).toBe(1);
    await nextTask();
    expect(shown()).toBe(2);
    await nextTask();
    expect(shown()).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
    // A next page: it goes on from 3, not from 1.
    rerender(<List total={5} bottom={window.innerHeight + 10} />);
    expect(shown()).toBe(3);
    await nextTask();
    expect(shown()).toBe(4);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('measures the list until it reaches under the window, not at each step after (a forced layout each)', async () => {
    render(<List total={4} bottom={window.innerHeight + 10} />);
    expect(measures).toBe(1);
    await nextTask();
    await nextTask();
    await nextTask();
    expect(shown()).toBe(4);
    expect(measures).toBe(1);
  });

  it('draws the items that fill the window once the first has painted, all of them when the list stays short', () => {
    render(<List total={4} bottom={10} />);
    expect(shown()).toBe(4);
    expect(vi.getTimerCount()).toBe(0);
  });
});
