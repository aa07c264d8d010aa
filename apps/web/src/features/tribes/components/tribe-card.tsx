import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import type { ReactNode } from 'react';
import { LocaleLink } from '../../../components/locale-link';
import { MembershipChip, VisibilityChip } from './membership-chip';
import { TribeCover, TribeLogo } from './tribe-faces';
import { TribeStats } from './tribe-stats';

/** One tribe in a list: its cover band, logo (or initial), name (a link to its page unless `plain`), chips, stats, actions. */
export function TribeCard({
  tribe,
  actions,
  plain = false,
  headingLevel = 'h2',
}: {
  tribe: Tribe;
  actions?: ReactNode;
  plain?: boolean;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <Paper variant="outlined" component="article" sx={{ overflow: 'hidden' }} data-testid="tribe-card" data-slug={tribe.slug}>
      <TribeCover tribe={tribe} sx={{ aspectRatio: { xs: '3 / 1', sm: '5 / 1' } }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'stretch', sm: 'center' }} sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ flexGrow: 1, minWidth: 0 }}>
          <TribeLogo tribe={tribe} size={56} />
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography
              variant="h2"
              component={headingLevel}
              sx={{ fontSize: '1.1rem', fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              {plain ? (
                <bdi>{tribe.name}</bdi>
              ) : (
                <LocaleLink to={`/tribes/${tribe.slug}`}>
                  <bdi>{tribe.name}</bdi>
                </LocaleLink>
              )}
            </Typography>
            <Stack useFlexGap direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
              <VisibilityChip visibility={tribe.visibility} />
              <MembershipChip membership={tribe.my_membership} />
            </Stack>
            <TribeStats region={tribe.region} members={tribe.member_count} villages={tribe.village_count} />
            {tribe.description && (
              <Typography
                variant="body2"
                color="text.secondary"
                dir="auto"
                sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              >
                {tribe.description}
              </Typography>
            )}
          </Stack>
        </Stack>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0, justifyContent: { xs: 'flex-end', sm: 'center' } }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
