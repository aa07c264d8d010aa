import { useInfiniteQuery } from '@tanstack/react-query';
import { searchEndpoints, type SearchKind } from '@tribes/shared';
import { api } from '../../app/api';

/** Query keys of the search feature: every search sits under 'search'. */
export const searchKeys = {
  all: ['search'] as const,
  results: (q: string, kind: SearchKind | 'all') => ['search', q, kind] as const,
};

const PAGE_SIZE = 20;

/** GET /v1/search?q=&type=, page by page (nothing is asked for an empty query). */
export function useSearch(q: string, kind: SearchKind | 'all') {
  return useInfiniteQuery({
    queryKey: searchKeys.results(q, kind),
    enabled: q.length > 0,
    initialPageParam: '',
    staleTime: 30_000,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          searchEndpoints.search,
          {
            query: {
              q,
              type: kind === 'all' ? undefined : kind,
              cursor: pageParam || undefined,
              limit: PAGE_SIZE,
            },
          },
          // A refused query (too long, only marks) shows as "nothing found" on the page, not as a notice.
          { signal, quietStatuses: [400] },
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
