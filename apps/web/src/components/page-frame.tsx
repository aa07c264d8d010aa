import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageColumns } from './page-columns';
import { usePageTitle } from '../lib/use-page-title';

/**
 * A feed-width page: its h1 (also the document title), an optional action beside it, the content.
 * With `aside`, wide screens (lg and up) get a side column beside the content; phones stay one column.
 */
export function PageFrame({
  title,
  action,
  children,
  wide = false,
  aside,
  asideLabel = '',
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  aside?: ReactNode;
  /** The side column's accessible name (a complementary landmark). */
  asideLabel?: string;
}) {
  usePageTitle(title);
  const content = (
    <>
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
    </>
  );
  if (aside) return <PageColumns main={content} aside={aside} asideLabel={asideLabel} />;
  return <Box sx={{ maxWidth: wide ? 1000 : 720, mx: 'auto', width: '100%' }}>{content}</Box>;
}
