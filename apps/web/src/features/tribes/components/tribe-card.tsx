import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import type { ReactNode } from 'react';
import { LocaleLink } from '../../../components/locale-link';
import { MembershipChip, VisibilityChip } from './membership-chip';
import { TribeStats } from './tribe-stats';

/** One tribe in a list: cover or initial, name (a link to its page unless `plain`), chips, stats, actions. */
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
    <Paper variant="outlined" component="article" sx={{ p: 2 }} data-testid="tribe-card" data-slug={tribe.slug}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'stretch', sm: 'center' }}>
        <Stack direction="row" spacing={2} sx={{ flexGrow: 1, minWidth: 0 }}>
          <Avatar
            src={tribe.cover_url ?? undefined}
            alt=""
            variant="rounded"
            sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontWeight: 700 }}
          >
            {tribe.name.slice(0, 1).toUpperCase()}
          </Avatar>
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
