import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { AppThemeProvider } from '../../app/providers';
import { noticeDuration, notify } from './notice-store';
import TopSnackbar from './top-snackbar';

beforeAll(async () => {
  await initI18n('en');
});

describe('noticeDuration: 2 seconds per word', () => {
  it.each([
    ['Saved.', 2000],
    ['Your profile has been updated.', 10_000],
    ['  spaced   out\nwords  ', 6000],
    ['', 2000],
  ])('%j → %i ms', (message, ms) => {
    expect(noticeDuration(message)).toBe(ms);
  });
});

describe('TopSnackbar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const show = (message: string, color?: Parameters<typeof notify>[1]) => {
    render(
      <AppThemeProvider>
        <TopSnackbar />
      </AppThemeProvider>,
    );
    void act(() => notify(message, color));
  };

  it('stays 2 s per word of the message, then closes', () => {
    show('Four words right here');
    expect(screen.getByText('Four words right here')).toBeVisible();
    void act(() => vi.advanceTimersByTime(7900));
    expect(screen.queryByText('Four words right here')).not.toBeNull();
    void act(() => vi.advanceTimersByTime(200));
    void act(() => vi.advanceTimersByTime(1000)); // exit transition
    expect(screen.queryByText('Four words right here')).toBeNull();
  });

  it('closes with the X button', () => {
    show('Closing by hand');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    void act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Closing by hand')).toBeNull();
  });

  it('is dismissed by a swipe over 50 px, not by a shorter one', () => {
    show('Swipe me away please');
    const bar = screen.getByTestId('snackbar');
    fireEvent.pointerDown(bar, { clientX: 100, clientY: 10 });
    fireEvent.pointerMove(bar, { clientX: 140, clientY: 10 });
    fireEvent.pointerUp(bar, { clientX: 140, clientY: 10 });
    void act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Swipe me away please')).not.toBeNull();
    fireEvent.pointerDown(bar, { clientX: 100, clientY: 10 });
    fireEvent.pointerMove(bar, { clientX: 160, clientY: 12 });
    void act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Swipe me away please')).toBeNull();
  });

  it('shows errors in red, other notices in the primary colour by default', () => {
    show('Something failed', 'error');
    const bar = screen.getByTestId('snackbar');
    expect(bar).toHaveAttribute('data-color', 'error');
    expect(getComputedStyle(bar).backgroundColor).toBe('rgb(198, 40, 40)');
    void act(() => notify('Plain notice'));
    expect(screen.getByTestId('snackbar')).toHaveAttribute('data-color', 'primary');
  });
});
