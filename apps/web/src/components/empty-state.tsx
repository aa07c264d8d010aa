import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A friendly "nothing here yet" block with an optional way forward. */
export function EmptyState({
  icon: Icon,
  title,
  body,
  action,
  headingLevel = 'h2',
}: {
  icon: typeof SvgIcon;
  title: string;
  body?: ReactNode;
  action?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }} data-testid="empty-state">
      <Stack spacing={1.5} alignItems="center">
        <Icon color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h2" component={headingLevel} sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {title}
        </Typography>
        {body && (
          <Typography color="text.secondary" sx={{ maxWidth: 480 }} component="div">
            {body}
          </Typography>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
