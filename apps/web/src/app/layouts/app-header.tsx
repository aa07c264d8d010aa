import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLocalePath } from '../locale-hooks';
import { themeStore } from '../theme-mode';
import { useLogout } from '../../features/auth/use-logout';
import { nextOnboardingPath, useSession } from '../../lib/session/session-store';
import { rememberReturn } from '../../lib/session/return-path';
import { splitLocalePrefix } from '../locale-routing';
import { useStore } from '../../lib/external-store';
import { Staged } from '../../lib/staged';
import { RouterLocaleLink } from '../../components/locale-link';
import { Logo } from '../../components/logo';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from '../../components/shell/theme-toggle';

/**
 * The header of the public layouts: logo, language, theme and the account entry points. With
 * `returnHere` (a page a shared link opened), signing in or up from it comes back to the page.
 */
export function AppHeader({ returnHere = false }: { returnHere?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogout();
  const mode = useStore(themeStore);
  const localePath = useLocalePath();
  const { pathname, search } = useLocation();
  const comeBack = returnHere ? () => rememberReturn(splitLocalePrefix(pathname).path + search) : undefined;
  // Signed in: the way on is the feed once onboarding is done, else the next onboarding step (not shown on that step itself).
  const next = nextOnboardingPath(session.userData?.profile.last_step);
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 } }}>
        <Staged name="header-logo">
          <Link
            component={RouterLocaleLink}
            to="/"
            underline="none"
            aria-label={t('shell.homeLink')}
            sx={{ display: 'inline-flex' }}
          >
            <Logo variant={mode === 'dark' ? 'white' : 'normal'} size={28} />
          </Link>
        </Staged>
        <Box sx={{ flexGrow: 1 }} />
        {/* A task after the bar during the start (lib/staged.tsx), together: drawn one by one, each moved the others. */}
        <Stack direction="row" spacing={{ xs: 0, sm: 1 }} alignItems="center">
          <Staged name="header-actions">
            <LanguageSwitcher />
            <ThemeToggle />
            {session.isLoggedIn ? (
              <>
                {pathname !== localePath(next) && (
                  <Button
                    component={RouterLocaleLink}
                    to={next}
                    sx={{ display: { xs: 'none', sm: 'inline-flex' }, whiteSpace: 'nowrap' }}
                    data-testid="header-continue"
                  >
                    {next === '/home' ? t('shell.goToFeed') : t('shell.finishSignUp')}
                  </Button>
                )}
                <Button variant="outlined" onClick={() => logout.mutate()} disabled={logout.isPending}>
                  {t('shell.signOut')}
                </Button>
              </>
            ) : (
              <>
                <Button component={RouterLocaleLink} to="/sign-in" onClick={comeBack} sx={{ whiteSpace: 'nowrap' }}>
                  {t('shell.signIn')}
                </Button>
                <Button
                  component={RouterLocaleLink}
                  to="/get-started"
                  onClick={comeBack}
                  variant="contained"
                  sx={{ display: { xs: 'none', sm: 'inline-flex' }, whiteSpace: 'nowrap' }}
                >
                  {t('shell.getStarted')}
                </Button>
              </>
            )}
          </Staged>
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
