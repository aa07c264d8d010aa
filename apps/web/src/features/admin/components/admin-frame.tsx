import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../../components/locale-link';
import { usePageTitle } from '../../../lib/use-page-title';

export type AdminSection = 'dashboard' | 'users' | 'reports' | 'appeals' | 'tribes' | 'audit';

/** The console's sections, in the order of its navigation. */
export const ADMIN_NAV: { section: AdminSection; to: string }[] = [
  { section: 'dashboard', to: '/admin' },
  { section: 'users', to: '/admin/users' },
  { section: 'reports', to: '/admin/reports' },
  { section: 'appeals', to: '/admin/appeals' },
  { section: 'tribes', to: '/admin/tribes' },
  { section: 'audit', to: '/admin/audit' },
];

/** The frame of every console page: the console's heading, its navigation (scrolls on a phone), the section. */
export function AdminFrame({ section, title, children }: { section: AdminSection; title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const heading = title ?? t(`admin.nav.${section}`);
  usePageTitle(`${heading} · ${t('admin.title')}`);
  // Below md the sections overflow: the scroll buttons are there from the first layout (invisible while
  // disabled). With "auto" they appeared only after MUI had scrolled the current tab into view and then
  // narrowed the strip by their width, leaving the current section under a button or past the edge.
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Typography variant="overline" color="text.secondary" component="p">
        {t('admin.title')}
      </Typography>
      <Box component="nav" aria-label={t('admin.nav.label')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={section} variant="scrollable" scrollButtons={narrow ? true : 'auto'} allowScrollButtonsMobile>
          {ADMIN_NAV.map((item) => (
            <Tab
              key={item.section}
              value={item.section}
              label={t(`admin.nav.${item.section}`)}
              component={RouterLocaleLink}
              to={item.to}
              aria-current={item.section === section ? 'page' : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Typography variant="h1" component="h1" sx={{ mb: 3, fontSize: { xs: '1.6rem', md: '2rem' } }} dir="auto">
        {heading}
      </Typography>
      {children}
    </Box>
  );
}
