import type { ReactNode } from 'react';
import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../../components/locale-link';
import { membershipFlags } from '../../../lib/membership';
import { MembershipActions } from './membership-actions';
import { MembershipChip, VisibilityChip } from './membership-chip';
import { TribeCover, TribeLogo } from './tribe-faces';
import { TribeStats } from './tribe-stats';

/** The top of a tribe page: who it is, where, how big, and what the user may do there. */
/** `invite`: the invite button the page puts beside a moderator's actions (from the invites feature). */
export function TribeHeader({ tribe, invite }: { tribe: Tribe; invite?: (tribe: Tribe) => ReactNode }) {
  const { t } = useTranslation();
  const f = membershipFlags(tribe);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, overflow: 'hidden' }}>
      {/* The cover spans the card's whole width, above its padding. */}
      <TribeCover
        tribe={tribe}
        eager
        sx={{
          width: { xs: 'calc(100% + 32px)', md: 'calc(100% + 48px)' },
          mt: { xs: -2, md: -3 },
          mx: { xs: -2, md: -3 },
          mb: 2,
        }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} alignItems={{ xs: 'flex-start', sm: 'center' }}>
        <TribeLogo tribe={tribe} size={88} eager />
        <Stack spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' }, overflowWrap: 'anywhere' }}>
            <bdi>{tribe.name}</bdi>
          </Typography>
          <Stack useFlexGap direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            <VisibilityChip visibility={tribe.visibility} />
            <MembershipChip membership={tribe.my_membership} />
          </Stack>
          <TribeStats region={tribe.region} members={tribe.member_count} villages={tribe.village_count} />
        </Stack>
      </Stack>
      {f.isPending && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('tribes.membership.pendingExplained')}
        </Alert>
      )}
      {f.isBanned && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('tribes.membership.bannedExplained')}
        </Alert>
      )}
      <Stack useFlexGap direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <MembershipActions tribe={tribe} />
        {f.canModerate && invite?.(tribe)}
        {f.isMember && (
          <Button
            component={RouterLocaleLink}
            to={`/register-village?tribe=${encodeURIComponent(tribe.slug)}`}
            variant="outlined"
            startIcon={<AddLocationAltOutlinedIcon />}
            data-testid="register-village-link"
          >
            {t('tribes.villages.register')}
          </Button>
        )}
        {f.canModerate && (
          <Button
            component={RouterLocaleLink}
            to={`/tribes/setting/${tribe.slug}`}
            variant="outlined"
            startIcon={<SettingsOutlinedIcon />}
            data-testid="tribe-settings-link"
          >
            {t('pages.tribeSetting')}
          </Button>
        )}
        {f.isLeader && (
          <Button
            component={RouterLocaleLink}
            to={`/tribes/setting/leader/${tribe.slug}`}
            variant="outlined"
            startIcon={<AdminPanelSettingsOutlinedIcon />}
            data-testid="leader-settings-link"
          >
            {t('pages.tribeSettingLeader')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
