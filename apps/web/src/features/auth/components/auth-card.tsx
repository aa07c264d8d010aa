import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Staged } from '../../../lib/staged';
import { usePageTitle } from '../../../lib/use-page-title';

/** The card every account screen sits in: a heading, an explanation, the form, and links below it. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, width: '100%', maxWidth: 520, mx: 'auto' }}>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" component="div">
            {subtitle}
          </Typography>
        )}
      </Stack>
      {children}
      {/* Last during the start (lib/staged.tsx), so the parts of the form drawn in steps above it never move it. */}
      {footer && (
        <Staged name="auth-card-footer">
          <Box sx={{ mt: 3, textAlign: 'center' }}>{footer}</Box>
        </Staged>
      )}
    </Paper>
  );
}
