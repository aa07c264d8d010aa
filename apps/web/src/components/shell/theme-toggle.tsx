import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { setThemeMode, themeStore } from '../../app/theme-mode';
import { useStore } from '../../lib/external-store';

/** Switches between the light and dark themes (remembered under `theme`). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = useStore(themeStore);
  const label = mode === 'dark' ? t('shell.lightTheme') : t('shell.darkTheme');
  return (
    <IconButton
      color="inherit"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-mode={mode}
      onClick={() => setThemeMode(mode === 'dark' ? 'light' : 'dark')}
    >
      {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}
