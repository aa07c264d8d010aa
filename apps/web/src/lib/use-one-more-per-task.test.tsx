import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOneMorePerTask } from './use-one-more-per-task';

function Counter({ total }: { total: number }) {
  return <output data-testid="count">{useOneMorePerTask(total)}</output>;
}

const count = () => Number(screen.getByTestId('count').textContent);
/** Runs the timers due now (one task of the browser's each), and React's updates after them. */
const nextTask = () => act(() => vi.advanceTimersToNextTimer());

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useOneMorePerTask', () => {
  it('grows by one per task, from 0 to the total, and stops there', async () => {
    render(<Counter total={3} />);
    expect(count()).toBe(0);
    await nextTask();
    expect(count()).toBe(1);
    await nextTask();
    expect(count()).toBe(2);
    await nextTask();
    expect(count()).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again from 0 when the total changes, and leaves no timer behind when unmounted', async () => {
    const { rerender, unmount } = render(<Counter total={2} />);
    await nextTask();
    expect(count()).toBe(1);
    rerender(<Counter total={5} />);
    expect(count()).toBe(0);
    await nextTask();
    expect(count()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is 0 with nothing to show', async () => {
    render(<Counter total={0} />);
    await nextTask();
    expect(count()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
