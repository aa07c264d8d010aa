import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLocaleNavigate } from '../../../app/locale-hooks';
import { splitLocalePrefix } from '../../../app/locale-routing';
import { SETTINGS_NAV } from '../../../app/layouts/panel-nav';
import { RouterLocaleLink } from '../../../components/locale-link';
import { usePageTitle } from '../../../lib/use-page-title';

/** The frame of every settings page: a heading, the settings menu (a list from md up, a select on phones), the content. */
export function SettingsFrame({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t(titleKey));
  const { path } = splitLocalePrefix(useLocation().pathname);
  const navigate = useLocaleNavigate();
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Box sx={{ display: { xs: 'block', md: 'none' }, mb: 2 }}>
        <TextField select size="small" label={t('settings.menu')} value={path} onChange={(e) => navigate(e.target.value)}>
          {SETTINGS_NAV.map((item) => (
            <MenuItem key={item.to} value={item.to}>
              {t(item.labelKey)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
        <Paper
          component="nav"
          aria-label={t('settings.menu')}
          variant="outlined"
          sx={{ display: { xs: 'none', md: 'block' }, width: 260, flexShrink: 0 }}
        >
          <List dense component="div">
            {SETTINGS_NAV.map((item) => (
              <ListItemButton
                key={item.to}
                component={RouterLocaleLink}
                to={item.to}
                selected={item.to === path}
                aria-current={item.to === path ? 'page' : undefined}
              >
                <ListItemText primary={t(item.labelKey)} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h1" component="h1" sx={{ mb: 3, fontSize: { xs: '1.75rem', md: '2rem' } }}>
            {t(titleKey)}
          </Typography>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
