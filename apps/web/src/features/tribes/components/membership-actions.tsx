import Button from '@mui/material/Button';
import type { Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useMembershipActions } from '../use-membership-actions';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** Join or request to join; cancel a request or leave, each after a confirmation. */
export function MembershipActions({ tribe, size = 'medium' }: { tribe: Tribe; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const a = useMembershipActions(tribe);
  if (a.isBanned) return null;
  if (!a.membership) {
    const request = tribe.visibility === 'request';
    return (
      <Button
        variant="contained"
        size={size}
        onClick={a.join}
        disabled={a.joining}
        data-testid="join-tribe"
        aria-label={t(request ? 'tribes.actions.requestNamed' : 'tribes.actions.joinNamed', { name: tribe.name })}
      >
        {a.joining ? t('tribes.common.pleaseWait') : t(request ? 'tribes.actions.request' : 'tribes.actions.join')}
      </Button>
    );
  }
  return (
    <>
      <Button variant="outlined" color="error" size={size} onClick={a.askLeave} data-testid="leave-tribe">
        {a.isPending ? t('tribes.actions.cancelRequest') : t('tribes.actions.leave')}
      </Button>
      <ConfirmDialog
        open={a.leaveOpen}
        title={a.isPending ? t('tribes.actions.cancelRequestTitle') : t('tribes.actions.leaveTitle', { name: tribe.name })}
        body={
          a.isLeader
            ? t('tribes.actions.leaveLeaderBody')
            : a.isPending
              ? t('tribes.actions.cancelRequestBody')
              : t('tribes.actions.leaveBody')
        }
        confirmLabel={a.isPending ? t('tribes.actions.cancelRequest') : t('tribes.actions.leave')}
        onConfirm={() => void a.confirmLeave()}
        onClose={a.closeLeave}
        pending={a.leaving}
      />
    </>
  );
}
