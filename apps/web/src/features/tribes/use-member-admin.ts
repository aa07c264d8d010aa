import type { Tribe, TribeMember, TribeRole } from '@tribes/shared';
import { useSession } from '../../lib/session/session-store';
import { useUpdateMember } from './api';
import { membershipFlags } from '../../lib/membership';
import { useConfirm } from '../../lib/use-confirm';

/**
 * Membership administration as the server allows it: leaders act on anyone but themselves;
 * moderators approve requests and ban or unban plain members only. Bans and refusals are confirmed.
 */
export function useMemberAdmin(tribe: Tribe) {
  const me = useSession().userData?.id;
  const flags = membershipFlags(tribe);
  const update = useUpdateMember(tribe.id);
  const confirm = useConfirm<{ kind: 'ban' | 'refuse'; member: TribeMember }>();
  const canActOn = (m: TribeMember) => m.user.id !== me && (flags.isLeader || m.role === 'member');
  const setStatus = (m: TribeMember, status: 'active' | 'banned') =>
    update.mutateAsync({ userId: m.user.id, body: { status } }).catch(() => undefined);
  return {
    isLeader: flags.isLeader,
    canActOn,
    canChangeRole: (m: TribeMember) => flags.isLeader && m.user.id !== me,
    busy: update.isPending,
    approve: (m: TribeMember) => void setStatus(m, 'active'),
    unban: (m: TribeMember) => void setStatus(m, 'active'),
    setRole: (m: TribeMember, role: TribeRole) =>
      void update.mutateAsync({ userId: m.user.id, body: { role } }).catch(() => undefined),
    askBan: (member: TribeMember) => confirm.ask({ kind: 'ban', member }),
    askRefuse: (member: TribeMember) => confirm.ask({ kind: 'refuse', member }),
    confirmSubject: confirm.subject,
    closeConfirm: confirm.close,
    confirmBan: async () => {
      if (confirm.subject) await setStatus(confirm.subject.member, 'banned');
      confirm.close();
    },
  };
}
