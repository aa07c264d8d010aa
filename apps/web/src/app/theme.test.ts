import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { appTheme, createAppTheme } from './theme';

describe('theme', () => {
  it.each(['light', 'dark'] as const)('gives every notice colour text of at least 4.5:1 contrast (%s)', (mode) => {
    const { palette } = createAppTheme(mode, 'ltr');
    for (const color of ['primary', 'success', 'warning', 'error', 'info'] as const) {
      const { main, contrastText } = palette[color];
      expect(getContrastRatio(main, contrastText), `${mode} ${color}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('is made once per mode and direction, the one the start made ahead (appTheme)', () => {
    const made = appTheme('dark', 'rtl');
    expect(appTheme('dark', 'rtl')).toBe(made);
    expect(made.direction).toBe('rtl');
    expect(made.palette.mode).toBe('dark');
    expect(appTheme('dark', 'ltr')).not.toBe(made);
    expect(appTheme('light', 'rtl')).not.toBe(made);
  });
});
