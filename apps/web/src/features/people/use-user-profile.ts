import { useState } from 'react';
import { useSession } from '../../lib/session/session-store';
import { useBlock, useProfile } from './api';

/**
 * /user-profile/{id}: the profile as far as its privacy allows (`visible`: whether the page may show their
 * posts, which it reads from the posts feature), and block/unblock after a confirmation.
 */
export function useUserProfile(id: string) {
  const me = useSession().userData?.id;
  const profile = useProfile(id);
  const state = profile.data;
  const visible = state?.kind === 'ok' && !state.profile.blocked_by_me;
  const block = useBlock();
  const [confirming, setConfirming] = useState(false);
  const blocked = state?.kind === 'ok' && state.profile.blocked_by_me;
  return {
    profile,
    state,
    visible,
    isMe: id === me || (state?.kind === 'ok' && state.profile.is_me),
    blocked,
    confirming,
    askBlock: () => setConfirming(true),
    closeConfirm: () => setConfirming(false),
    confirmBlock: async () => {
      await block.mutateAsync({ id, on: !blocked }).catch(() => undefined);
      setConfirming(false);
    },
    busy: block.isPending,
  };
}
