import Chip from '@mui/material/Chip';
import type { Membership, TribeVisibility } from '@tribes/shared';
import { useTranslation } from 'react-i18next';

/** "Leader", "Member", "Request pending"...: the user's place in a tribe, when they have one. */
export function MembershipChip({ membership }: { membership: Membership | null }) {
  const { t } = useTranslation();
  if (!membership) return null;
  if (membership.status === 'pending')
    return <Chip size="small" variant="outlined" label={t('tribes.membership.pending')} sx={{ borderStyle: 'dashed' }} />;
  if (membership.status === 'banned')
    return <Chip size="small" color="error" variant="outlined" label={t('tribes.membership.banned')} />;
  return <Chip size="small" color="primary" label={t(`tribes.roles.${membership.role}`)} />;
}

/** Open tribes take members at once; request tribes ask a leader first. */
export function VisibilityChip({ visibility }: { visibility: TribeVisibility }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" label={t(`tribes.visibility.${visibility}`)} />;
}
