import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';

/** A feed-width page: its h1 (also the document title), an optional action beside it, the content. */
export function PageFrame({
  title,
  action,
  children,
  wide = false,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  usePageTitle(title);
  return (
    <Box sx={{ maxWidth: wide ? 1000 : 720, mx: 'auto', width: '100%' }}>
      <Stack
        direction="row"
        spacing={2}
        alignItems="center"
        justifyContent="space-between"
        useFlexGap
        sx={{ mb: 2.5, flexWrap: 'wrap' }}
      >
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }} dir="auto">
          {title}
        </Typography>
        {action}
      </Stack>
      <Stack spacing={2.5}>{children}</Stack>
    </Box>
  );
}
