import { useConfirm } from '../../lib/use-confirm';
import { useBlock, useBlockedUsers, type BlockedUser } from './api';

/** /setting/blocked-users: the list and unblocking after a confirmation. */
export function useBlockedList() {
  const list = useBlockedUsers();
  const block = useBlock();
  const confirm = useConfirm<BlockedUser>();
  return {
    list,
    subject: confirm.subject,
    ask: confirm.ask,
    close: confirm.close,
    confirm: async () => {
      if (confirm.subject) await block.mutateAsync({ id: confirm.subject.id, on: false }).catch(() => undefined);
      confirm.close();
    },
    busy: block.isPending,
  };
}
