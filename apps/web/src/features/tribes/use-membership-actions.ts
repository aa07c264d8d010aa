import type { Tribe } from '@tribes/shared';
import { useJoinTribe, useLeaveTribe } from './api';
import { membershipFlags } from '../../lib/membership';
import { useConfirm } from '../../lib/use-confirm';

/** Join (or request), and leave after a confirmation, for one tribe. */
export function useMembershipActions(tribe: Tribe) {
  const join = useJoinTribe(tribe.id);
  const leave = useLeaveTribe(tribe.id);
  const confirm = useConfirm<true>();
  return {
    ...membershipFlags(tribe),
    join: () => join.mutate(),
    joining: join.isPending,
    askLeave: () => confirm.ask(true),
    leaveOpen: confirm.open,
    closeLeave: confirm.close,
    confirmLeave: async () => {
      await leave.mutateAsync().catch(() => undefined);
      confirm.close();
    },
    leaving: leave.isPending,
  };
}
