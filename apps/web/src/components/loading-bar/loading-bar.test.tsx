import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { AppThemeProvider } from '../../app/providers';
import { LoadingBar } from './loading-bar';
import { startLoading } from './loading-store';

beforeAll(async () => {
  await initI18n('en');
});

describe('LoadingBar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const mount = () =>
    render(
      <AppThemeProvider>
        <LoadingBar />
      </AppThemeProvider>,
    );

  it('stays hidden for loads shorter than the 200 ms throttle', () => {
    mount();
    let end!: (failed?: boolean) => void;
    void act(() => {
      end = startLoading();
    });
    void act(() => vi.advanceTimersByTime(150));
    void act(() => end());
    void act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('loading-bar')).toBeNull();
  });

  it('shows a 3 px bar after 200 ms that fills over about 2 s, and turns red on error', () => {
    mount();
    let end!: (failed?: boolean) => void;
    void act(() => {
      end = startLoading();
    });
    void act(() => vi.advanceTimersByTime(250));
    const bar = screen.getByTestId('loading-bar');
    expect(getComputedStyle(bar).height).toBe('3px');
    void act(() => vi.advanceTimersByTime(1000));
    const halfway = Number(bar.getAttribute('aria-valuenow'));
    expect(halfway).toBeGreaterThanOrEqual(40);
    expect(halfway).toBeLessThanOrEqual(60);
    void act(() => end(true));
    expect(screen.getByTestId('loading-bar')).toHaveAttribute('data-error', 'true');
    expect(getComputedStyle(screen.getByTestId('loading-bar').firstElementChild!).backgroundColor).toBe('rgb(198, 40, 40)');
    void act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByTestId('loading-bar')).toBeNull();
  });

  it('moves the bar without adding a style rule per tick (each new rule restyles the whole page)', () => {
    mount();
    void act(() => {
      startLoading();
    });
    void act(() => vi.advanceTimersByTime(300));
    const fill = screen.getByTestId('loading-bar').firstElementChild as HTMLElement;
    const rules = () => document.querySelectorAll('style[data-emotion]').length;
    const before = { rules: rules(), valuenow: Number(screen.getByTestId('loading-bar').getAttribute('aria-valuenow')) };
    for (let tick = 0; tick < 10; tick++) void act(() => vi.advanceTimersByTime(100));
    expect(Number(screen.getByTestId('loading-bar').getAttribute('aria-valuenow'))).toBeGreaterThan(before.valuenow + 40);
    expect(rules()).toBe(before.rules);
    expect(parseFloat(fill.style.width)).toBeGreaterThan(40);
  });
});
