import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** The width of the side column on wide screens (lg and up). */
export const ASIDE_WIDTH = 340;

/**
 * A page's main column with a side column beside it on wide screens (lg and up, 1200 px), so a
 * 1440-1920 px screen is used instead of one 720 px column in the middle. Below lg the page stays one
 * column: the side column follows the main one when `asideOnPhones` is set, otherwise it is not rendered
 * at all (nothing of it is fetched on a phone's data plan). Logical grid order, so it sits on the left in rtl.
 */
export function PageColumns({
  main,
  aside,
  asideLabel,
  asideOnPhones = false,
  maxWidth = 1180,
}: {
  main: ReactNode;
  aside: ReactNode;
  /** The side column's accessible name (it is a complementary landmark). */
  asideLabel: string;
  asideOnPhones?: boolean;
  maxWidth?: number;
}) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const showAside = wide || asideOnPhones;
  return (
    <Box
      data-testid="page-columns"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: `minmax(0, 1fr) ${ASIDE_WIDTH}px` },
        gap: { xs: 2.5, lg: 3 },
        alignItems: 'start',
        maxWidth: { xs: 720, lg: maxWidth },
        mx: 'auto',
        width: '100%',
      }}
    >
      <Box sx={{ minWidth: 0 }}>{main}</Box>
      {showAside && (
        <Stack
          component="aside"
          aria-label={asideLabel}
          data-testid="page-aside"
          spacing={2}
          sx={{
            position: { lg: 'sticky' },
            top: { lg: 80 },
            minWidth: 0,
          }}
        >
          {aside}
        </Stack>
      )}
    </Box>
  );
}

/** One card of a side column: a small heading and its content. */
export function AsideCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box
      component="section"
      data-testid={testId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper', p: 2 }}
    >
      <Box component="h2" sx={{ typography: 'subtitle1', fontWeight: 700, m: 0, mb: 1.25 }}>
        {title}
      </Box>
      {children}
    </Box>
  );
}
