import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { AppHeader } from './app-header';
import { SiteFooter } from '../../components/shell/site-footer';
import { Staged } from '../../lib/staged';

/** `visitor`: a page a shared link opens (a campaign, a ledger) as a signed-out visitor sees it (routes.tsx). */
export type PublicLayoutName = 'main' | 'custom' | 'custom-footer-less' | 'custom-footer-image-less' | 'visitor';

const FOOTER: Record<PublicLayoutName, 'image' | 'plain' | 'none'> = {
  main: 'image',
  custom: 'image',
  'custom-footer-less': 'none',
  'custom-footer-image-less': 'plain',
  visitor: 'plain',
};

const WIDTH = { custom: 'sm', 'custom-footer-less': 'sm', 'custom-footer-image-less': 'md', visitor: 'lg' } as const;

/** The four public layouts of specification section 2: one header, and a footer with or without its image, or none. */
export function PublicLayout({ name }: { name: PublicLayoutName }) {
  const footer = FOOTER[name];
  const content = (
    <Staged name="page" fallback={<PageSkeleton />}>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </Staged>
  );
  return (
    <Box data-layout={name} sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppHeader returnHere={name === 'visitor'} />
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        // At least the window's height: the footer starts under the fold, so a page drawn in steps (lib/staged.tsx),
        // or its skeleton followed by the page, never pushes a footer in view down (a layout shift each time).
        sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none', display: 'flex', flexDirection: 'column' }}
      >
        {name === 'main' ? (
          content
        ) : (
          <Container maxWidth={WIDTH[name]} sx={{ py: { xs: 3, md: 6 }, flexGrow: 1 }}>
            {content}
          </Container>
        )}
      </Box>
      {footer !== 'none' && (
        <Staged name="footer">
          <SiteFooter image={footer === 'image'} />
        </Staged>
      )}
    </Box>
  );
}

export const MainLayout = () => <PublicLayout name="main" />;
export const CustomLayout = () => <PublicLayout name="custom" />;
export const CustomFooterLessLayout = () => <PublicLayout name="custom-footer-less" />;
export const CustomFooterImageLessLayout = () => <PublicLayout name="custom-footer-image-less" />;
export const VisitorLayout = () => <PublicLayout name="visitor" />;
