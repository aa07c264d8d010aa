import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGrowingCount } from './use-growing-count';

function List({ total, first }: { total: number; first?: number }) {
  const count = useGrowingCount(total, first);
  return <output data-testid="count">{count}</output>;
}
const shown = () => Number(screen.getByTestId('count').textContent);

describe('useGrowingCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the first items at once, then one more per task until all are drawn', () => {
    render(<List total={4} first={2} />);
    expect(shown()).toBe(2);
    act(() => void vi.advanceTimersToNextTimer());
    expect(shown()).toBe(3);
    act(() => void vi.advanceTimersToNextTimer());
    expect(shown()).toBe(4);
    act(() => void vi.runAllTimers());
    expect(shown()).toBe(4);
  });

  it('goes on from what is drawn when the list grows, and never draws more than there is', () => {
    const { rerender } = render(<List total={2} />);
    act(() => void vi.runAllTimers());
    expect(shown()).toBe(2);
    rerender(<List total={5} />);
    expect(shown()).toBe(2);
    act(() => void vi.advanceTimersToNextTimer());
    expect(shown()).toBe(3);
    rerender(<List total={1} />);
    expect(shown()).toBe(1);
  });

  it('draws nothing for an empty list and the first item as soon as one arrives', () => {
    const { rerender } = render(<List total={0} />);
    expect(shown()).toBe(0);
    rerender(<List total={3} />);
    expect(shown()).toBe(1);
  });
});
