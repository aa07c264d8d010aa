import InstallMobileOutlinedIcon from '@mui/icons-material/InstallMobileOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from '../../components/shell/theme-toggle';
import { RouterLocaleLink } from '../../components/locale-link';
import { Logo } from '../../components/logo';
import { useLogout } from '../../features/auth/use-logout';
import { FirebaseSessionGate } from '../../features/identity/firebase-session-gate';
import { ConnectionStatus } from '../../features/realtime/components/connection-status';
import { NotificationBell } from '../../features/realtime/components/notification-bell';
import { MessagesButton } from '../../features/messages/components/messages-button';
import { splitLocalePrefix } from '../locale-routing';
import { themeStore } from '../theme-mode';
import { useStore } from '../../lib/external-store';
import { useSession } from '../../lib/session/session-store';
import { installStore, promptInstall } from '../../lib/install-prompt';
import { PushOffer } from '../../features/push/components/push-offer';
import { ShellSearch } from '../../features/search/components/shell-search';
import { PANEL_NAV } from './panel-nav';
import { useAfterMainContent } from '../../lib/main-content';
import { Staged } from '../../lib/staged';

const SIDEBAR_WIDTH = 260;

/** The "pannel" layout of the signed-in app: a side navigation from lg up, a drawer and a bottom bar on phones. */
export function PannelLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const logout = useLogout();
  const mode = useStore(themeStore);
  const installable = useStore(installStore);
  // The operators' console, offered to operators only (the server refuses everyone else anyway).
  const operator = useSession().userData?.platform_role === 'operator';
  // The app bar's buttons after the frame and the page's main content (a feed's first posts), in a task of their own.
  const buttons = useAfterMainContent();
  const { path } = splitLocalePrefix(location.pathname);
  const active = (to: string) =>
    path === to || path.startsWith(`${to}/`) || (to.startsWith('/setting/') && path.startsWith('/setting/'));

  const nav = (
    <Box component="nav" aria-label={t('nav.label')} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar>
        <Link component={RouterLocaleLink} to="/home" underline="none" aria-label={t('nav.home')}>
          <Logo variant={mode === 'dark' ? 'white' : 'normal'} size={28} />
        </Link>
      </Toolbar>
      <Divider />
      <List component="div">
        {PANEL_NAV.map((item) => {
          const Icon = item.icon;
          const current = active(item.to);
          return (
            <ListItemButton
              key={item.to}
              component={RouterLocaleLink}
              to={item.to}
              selected={current}
              aria-current={current ? 'page' : undefined}
              onClick={() => setOpen(false)}
            >
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={t(item.labelKey)} />
            </ListItemButton>
          );
        })}
      </List>
      <Divider />
      <List component="div">
        {operator && (
          <ListItemButton
            component={RouterLocaleLink}
            to="/admin"
            selected={active('/admin')}
            aria-current={active('/admin') ? 'page' : undefined}
            onClick={() => setOpen(false)}
            data-testid="admin-console-link"
          >
            <ListItemIcon>
              <AdminPanelSettingsOutlinedIcon />
            </ListItemIcon>
            <ListItemText primary={t('shell.adminConsole')} />
          </ListItemButton>
        )}
        <ListItemButton onClick={() => logout.mutate()} disabled={logout.isPending} data-testid="sign-out">
          <ListItemIcon>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText primary={t('shell.signOut')} />
        </ListItemButton>
        {/* Last, and the lists not held to the bottom: when the browser offers the install late, nothing moves. */}
        {installable && (
          <ListItemButton onClick={() => void promptInstall()} data-testid="install-app">
            <ListItemIcon>
              <InstallMobileOutlinedIcon />
            </ListItemIcon>
            <ListItemText primary={t('shell.install')} />
          </ListItemButton>
        )}
      </List>
    </Box>
  );

  const bottomItems = PANEL_NAV.filter((i) => i.bottom);
  const bottomValue = bottomItems.findIndex((i) => active(i.to));

  return (
    <Box data-layout="pannel" sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <FirebaseSessionGate />
      {desktop ? (
        <Drawer
          variant="permanent"
          sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
        >
          <Staged name="side-nav">{nav}</Staged>
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          ModalProps={{ keepMounted: false }}
          sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH } }}
        >
          {nav}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Toolbar sx={{ gap: 1 }}>
            {!desktop && (
              <IconButton
                edge="start"
                color="inherit"
                aria-label={t('nav.open')}
                onClick={() => setOpen(true)}
                data-testid="open-nav"
              >
                <MenuIcon />
              </IconButton>
            )}
            {!desktop && <Logo variant={mode === 'dark' ? 'white' : 'normal'} size={24} />}
            {desktop && buttons && <ShellSearch compact={false} />}
            <Box sx={{ flexGrow: 1 }} />
            {buttons && (
              <>
                {!desktop && <ShellSearch compact />}
                <ConnectionStatus />
                <MessagesButton />
                <NotificationBell />
                <LanguageSwitcher />
                <ThemeToggle />
              </>
            )}
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{ flexGrow: 1, outline: 'none', p: { xs: 2, md: 3 }, pb: { xs: 10, lg: 3 } }}
        >
          <PushOffer />
          {/* During the start, a task after the frame (lib/staged.tsx); the skeleton holds its place meanwhile. */}
          <Staged name="panel-page" fallback={<PageSkeleton />}>
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </Staged>
        </Box>
      </Box>
      {!desktop && (
        <Staged name="bottom-nav">
          <Paper
            component="nav"
            aria-label={t('nav.bottom')}
            elevation={8}
            sx={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: (th) => th.zIndex.appBar }}
          >
            <BottomNavigation showLabels value={bottomValue === -1 ? false : bottomValue}>
              {bottomItems.map((item) => {
                const Icon = item.icon;
                return (
                  <BottomNavigationAction
                    key={item.to}
                    component={RouterLocaleLink}
                    to={item.to}
                    label={t(item.shortLabelKey ?? item.labelKey)}
                    icon={<Icon />}
                    sx={{
                      minWidth: 0,
                      px: 0.5,
                      // One line under each icon: a long word is cut with an ellipsis, never wrapped over the icon.
                      '& .MuiBottomNavigationAction-label': {
                        maxWidth: '100%',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      },
                    }}
                  />
                );
              })}
            </BottomNavigation>
          </Paper>
        </Staged>
      )}
    </Box>
  );
}
