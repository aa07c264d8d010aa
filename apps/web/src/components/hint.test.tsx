import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Hint } from './hint';

function Favourite({ onClick }: { onClick?: () => void }) {
  const [on, setOn] = useState(false);
  return (
    <Hint title={on ? 'Remove from favourites' : 'Add to favourites'}>
      <button
        type="button"
        aria-label="Favourite"
        aria-pressed={on}
        onClick={() => {
          setOn(!on);
          onClick?.();
        }}
      >
        ★
      </button>
    </Hint>
  );
}

describe('Hint', () => {
  it('renders the child alone until wanted, and names an unnamed child with its title', () => {
    render(
      <Hint title="Only the tribe sees this">
        <span role="img">🔒</span>
      </Hint>,
    );
    expect(screen.getByRole('img', { name: 'Only the tribe sees this' })).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the tooltip on keyboard focus, keeps focus and the same button, and Escape closes it', async () => {
    const user = userEvent.setup();
    const clicked = vi.fn();
    render(<Favourite onClick={clicked} />);
    const button = screen.getByRole('button', { name: 'Favourite' });
    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add to favourites');
    // The same node, still focused: mounting the tooltip did not remount its child.
    expect(screen.getByRole('button', { name: 'Favourite' })).toBe(button);
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(clicked).toHaveBeenCalledOnce();
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Remove from favourites');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(button).toHaveFocus();
  });

  it('shows on hover after a short delay and hides when the pointer leaves; a click lands on the button', async () => {
    vi.useFakeTimers();
    try {
      const clicked = vi.fn();
      render(<Favourite onClick={clicked} />);
      const button = screen.getByRole('button', { name: 'Favourite' });
      fireEvent.pointerEnter(button, { pointerType: 'mouse' });
      expect(screen.queryByRole('tooltip')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(150));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Add to favourites');
      fireEvent.click(button);
      expect(clicked).toHaveBeenCalledOnce();
      fireEvent.pointerLeave(button, { pointerType: 'mouse' });
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.queryByRole('tooltip')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the child's own handlers and ref", async () => {
    const user = userEvent.setup();
    const onFocus = vi.fn();
    const onPointerEnter = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <Hint title="Share">
        <button type="button" ref={ref} onFocus={onFocus} onPointerEnter={onPointerEnter}>
          ↗
        </button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Share' });
    expect(ref.current).toBe(button);
    await user.tab();
    expect(onFocus).toHaveBeenCalledOnce();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    expect(onPointerEnter).toHaveBeenCalledOnce();
  });

  it('shows on a long touch and hides a while after the finger lifts', async () => {
    vi.useFakeTimers();
    try {
      render(<Favourite />);
      const button = screen.getByRole('button', { name: 'Favourite' });
      fireEvent.pointerDown(button, { pointerType: 'touch' });
      await act(() => vi.advanceTimersByTimeAsync(800));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Add to favourites');
      fireEvent.pointerUp(button, { pointerType: 'touch' });
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1000)); // closes 1.5 s after the finger lifts
      await act(() => vi.advanceTimersByTimeAsync(1000)); // then fades out
      expect(screen.queryByRole('tooltip')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
