import { useState } from 'react';
import type { Tribe, Village } from '@tribes/shared';
import { useLocaleNavigate } from '../../app/locale-hooks';
import { useSession } from '../../lib/session/session-store';
import { useHandover, useTribeMembers, useTribeVillages, useUpdateVillage } from './api';
import { membershipFlags } from '../../lib/membership';
import { useConfirm } from '../../lib/use-confirm';

/** Leader settings: review villages (approve, or reject after a confirmation) and hand over leadership. */
export function useLeaderSettings(tribe: Tribe) {
  const me = useSession().userData?.id;
  const { isLeader } = membershipFlags(tribe);
  const navigate = useLocaleNavigate();
  const villages = useTribeVillages(tribe.id, 'pending', isLeader);
  const members = useTribeMembers(tribe.id, 'active', isLeader);
  const review = useUpdateVillage();
  const handover = useHandover(tribe.id);
  const rejecting = useConfirm<Village>();
  const handing = useConfirm<true>();
  const [successor, setSuccessor] = useState('');
  const candidates = (members.data?.pages.flatMap((p) => p.items) ?? []).filter((m) => m.user.id !== me);

  return {
    isLeader,
    pending: villages.data?.pages.flatMap((p) => p.items) ?? [],
    villagesLoading: villages.isPending,
    moreVillages: {
      hasMore: Boolean(villages.hasNextPage),
      loading: villages.isFetchingNextPage,
      onMore: () => void villages.fetchNextPage(),
    },
    reviewing: review.isPending,
    approve: (v: Village) => void review.mutateAsync({ id: v.id, body: { status: 'approved' } }).catch(() => undefined),
    askReject: rejecting.ask,
    rejectSubject: rejecting.subject,
    closeReject: rejecting.close,
    confirmReject: async () => {
      if (rejecting.subject)
        await review.mutateAsync({ id: rejecting.subject.id, body: { status: 'rejected' } }).catch(() => undefined);
      rejecting.close();
    },
    candidates,
    membersLoading: members.isPending,
    moreMembers: {
      hasMore: Boolean(members.hasNextPage),
      loading: members.isFetchingNextPage,
      onMore: () => void members.fetchNextPage(),
    },
    successor,
    setSuccessor,
    successorName: candidates.find((m) => m.user.id === successor)?.user.name ?? '',
    askHandover: () => successor && handing.ask(true),
    handoverOpen: handing.open,
    closeHandover: handing.close,
    handingOver: handover.isPending,
    confirmHandover: async () => {
      const done = await handover.mutateAsync(successor).catch(() => undefined);
      handing.close();
      if (done) navigate(`/tribes/${tribe.slug}`);
    },
  };
}
