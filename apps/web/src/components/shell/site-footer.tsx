import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../locale-link';
import { PAGE_SKELETON } from '../page-skeleton';

/**
 * Footer links are touch targets: at least 44 px high (WCAG 2.5.5), the text centred in that height, so a
 * thumb on a phone does not land on the neighbour. Shared with the error screen's footer links.
 */
export const FOOTER_LINK_SX = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

/** A decorative band of hills and tents above the footer (the "image" the footer-image-less layout leaves out). */
function FooterImage() {
  return (
    <Box aria-hidden="true" data-testid="footer-image" sx={{ color: 'primary.main', lineHeight: 0, opacity: 0.18 }}>
      <svg viewBox="0 0 1440 120" width="100%" height="80" preserveAspectRatio="none" focusable="false">
        <path fill="currentColor" d="M0 120V70c120-40 240-60 360-40s240 60 360 40 240-70 360-60 240 40 360 30v80H0z" />
        <path fill="currentColor" d="M200 70l30-50 30 50zM900 60l24-40 24 40zM1200 66l20-34 20 34z" />
      </svg>
    </Box>
  );
}

/** The site footer; `image` adds the decorative band. */
export function SiteFooter({ image }: { image: boolean }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const links = [
    ['/privacy_policy', t('footer.privacy')],
    ['/contact', t('footer.contact')],
    ['/feedback', t('footer.feedback')],
  ] as const;
  return (
    <Box
      component="footer"
      data-testid="site-footer"
      sx={{
        mt: 'auto',
        // Not while the page's skeleton stands in for it: the page arriving would push a footer in view down
        // (a layout shift); shown with the page, the footer appears below it instead. CSS only, no render.
        [`main:has(${PAGE_SKELETON}) ~ &`]: { display: 'none' },
      }}
    >
      {image && <FooterImage />}
      <Box sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3 }}>
        <Container maxWidth="lg">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            justifyContent="space-between"
            alignItems={{ xs: 'flex-start', sm: 'center' }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('footer.copyright', { year })}
            </Typography>
            <Stack
              component="nav"
              aria-label={t('footer.label')}
              direction="row"
              columnGap={3}
              rowGap={0}
              flexWrap="wrap"
              useFlexGap
            >
              {links.map(([to, label]) => (
                <Link key={to} component={RouterLocaleLink} to={to} variant="body2" sx={FOOTER_LINK_SX}>
                  {label}
                </Link>
              ))}
            </Stack>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
