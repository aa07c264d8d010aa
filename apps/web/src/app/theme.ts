import { createTheme, type Theme } from '@mui/material/styles';
import { BREAKPOINTS } from '@tribes/shared/constants';
import type { Direction } from '@tribes/shared/locales';

export type ThemeMode = 'light' | 'dark';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  interface Palette {
    gray: Palette['primary'];
    surface: Palette['primary'];
    surface2: Palette['primary'];
  }
  interface PaletteOptions {
    gray?: PaletteOptions['primary'];
    surface?: PaletteOptions['primary'];
    surface2?: PaletteOptions['primary'];
  }
}

/** The two colour sets of specification section 9 (primary, secondary, gray, background, surface, surface2, error). */
const COLOURS = {
  light: {
    primary: '#3446c4',
    secondary: '#0f766e',
    gray: '#5f6673',
    background: '#f5f6fa',
    surface: '#ffffff',
    surface2: '#eceef6',
    error: '#c62828',
    success: '#2e7d32',
    warning: '#a84b00',
    info: '#0b62a4',
    text: '#1b1d24',
    textSecondary: '#4b5160',
  },
  dark: {
    primary: '#9fb0ff',
    secondary: '#5eead4',
    gray: '#a3a9b6',
    background: '#12141a',
    surface: '#1b1e26',
    surface2: '#262a35',
    error: '#ff8a80',
    success: '#81c784',
    warning: '#ffb74d',
    info: '#4fc3f7',
    text: '#eef0f6',
    textSecondary: '#b7bccb',
  },
} as const;

/** The MUI theme for a mode and a writing direction. */
export function createAppTheme(mode: ThemeMode, direction: Direction): Theme {
  const c = COLOURS[mode];
  return createTheme({
    direction,
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      primary: { main: c.primary },
      secondary: { main: c.secondary },
      gray: { main: c.gray },
      surface: { main: c.surface },
      surface2: { main: c.surface2 },
      error: { main: c.error },
      // Darker than MUI's defaults in light mode, so white text on a notice passes WCAG AA (4.5:1).
      success: { main: c.success },
      warning: { main: c.warning },
      info: { main: c.info },
      background: { default: c.background, paper: c.surface },
      text: { primary: c.text, secondary: c.textSecondary },
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily:
        "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', Arial, sans-serif",
      h1: { fontSize: '2.25rem', fontWeight: 700 },
      h2: { fontSize: '1.75rem', fontWeight: 700 },
      h3: { fontSize: '1.375rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    },
  });
}

const made = new Map<string, Theme>();

/**
 * The app's theme for a mode and a direction, made once: the start makes it in a task of its own while the
 * messages download (main.tsx), so the first render does not (issue 42: a tenth of that render's task).
 */
export function appTheme(mode: ThemeMode, direction: Direction): Theme {
  const key = `${mode}:${direction}`;
  let theme = made.get(key);
  if (!theme) {
    theme = createAppTheme(mode, direction);
    made.set(key, theme);
  }
  return theme;
}
