import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInLaterTask } from './use-in-later-task';

function Part() {
  return <output data-testid="later">{useInLaterTask() ? 'later' : 'first'}</output>;
}

describe('useInLaterTask', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is false in the first render and true from the render a task later, and stays true', () => {
    const { rerender } = render(<Part />);
    expect(screen.getByTestId('later')).toHaveTextContent('first');
    act(() => void vi.advanceTimersToNextTimer());
    expect(screen.getByTestId('later')).toHaveTextContent('later');
    rerender(<Part />);
    act(() => void vi.runAllTimers());
    expect(screen.getByTestId('later')).toHaveTextContent('later');
  });

  it('sets nothing after it is gone (the task is cancelled on unmount)', () => {
    const { unmount } = render(<Part />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
