import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOCALE_STRATEGY } from '../../app/config';
import { localeStore } from '../../app/i18n';
import { localizePath } from '../../app/locale-routing';
import { themeStore } from '../../app/theme-mode';
import { useStore } from '../../lib/external-store';
import { Logo } from '../logo';
import { FOOTER_LINK_SX } from '../shell/site-footer';
import { usePageTitle } from '../../lib/use-page-title';

export interface ErrorScreenProps {
  status?: number | string | null;
  message?: string | null;
}

/**
 * The error screen of specification section 2. Plain links (full page loads) because it may show
 * after a fatal error, outside the router.
 */
export function ErrorScreen({ status, message }: ErrorScreenProps) {
  const { t } = useTranslation();
  usePageTitle(message || t('errorScreen.fallback'));
  const mode = useStore(themeStore);
  const locale = useStore(localeStore);
  const href = (path: string) => localizePath(path, locale, LOCALE_STRATEGY);
  const year = new Date().getFullYear();
  return (
    <Box
      component="main"
      id="main"
      data-testid="error-screen"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', bgcolor: 'background.default' }}
    >
      <Container maxWidth="sm" sx={{ py: 6, textAlign: 'center' }}>
        <Stack spacing={3} alignItems="center">
          <Logo variant={mode === 'dark' ? 'white' : 'normal'} size={48} textFrom="xs" />
          <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '3rem', md: '4rem' } }}>
            {status ?? t('errorScreen.error')}
          </Typography>
          <Typography
            variant="h2"
            component="p"
            sx={{ fontSize: '1.25rem', fontWeight: 500, wordBreak: 'break-word' }}
            dir="auto"
          >
            {message || t('errorScreen.fallback')}
          </Typography>
          <Button variant="contained" size="large" href={href('/')}>
            {t('errorScreen.goHome')}
          </Button>
          <Stack direction="row" spacing={3} component="nav" aria-label={t('footer.label')}>
            <Link href={href('/privacy_policy')} sx={FOOTER_LINK_SX}>
              {t('errorScreen.privacy')}
            </Link>
            <Link href={href('/feedback')} sx={FOOTER_LINK_SX}>
              {t('errorScreen.feedback')}
            </Link>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('footer.copyright', { year })}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
