import { useQuery } from '@tanstack/react-query';
import { PAGINATION, tribesEndpoints, type Tribe } from '@tribes/shared';
import { api } from '../../app/api';
import { tribeKeys } from '../query-keys';
import { usePrimaryTribe } from './use-primary-tribe';

/**
 * The tribes I may post to. The API has no "my tribes" list, so this reads the first pages of
 * /v1/tribes (which carry my_membership) and adds the primary tribe if it was not among them.
 */
export function useMyTribes() {
  const primary = usePrimaryTribe();
  return useQuery({
    queryKey: tribeKeys.mine(primary),
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const mine = new Map<string, Tribe>();
      let cursor: string | undefined;
      for (let page = 0; page < 4; page += 1) {
        const answer = (await api.call(tribesEndpoints.list, { query: { limit: PAGINATION.maxLimit, cursor } }, { signal })).data;
        for (const tr of answer.items) if (tr.my_membership?.status === 'active') mine.set(tr.id, tr);
        if (!answer.next_cursor) break;
        cursor = answer.next_cursor;
      }
      if (primary && !mine.has(primary)) {
        const tribe = await api
          .call(tribesEndpoints.show, { params: { id: primary } }, { signal })
          .then((a) => a.data.tribe)
          .catch(() => null);
        if (tribe?.my_membership?.status === 'active') mine.set(tribe.id, tribe);
      }
      return [...mine.values()];
    },
  });
}
