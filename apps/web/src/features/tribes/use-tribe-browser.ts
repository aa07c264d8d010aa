import { useCallback, useMemo, useState } from 'react';
import { useMapTribes, useTribeList } from './api';
import type { TribeView } from './components/view-toggle';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** Search, list pages and list/map view shared by /tribe-selection and /tribes. */
export function useTribeBrowser() {
  const [query, setQuery] = useState('');
  const [view, setView] = useState<TribeView>('list');
  const q = useDebouncedValue(query.trim());
  const list = useTribeList(q);
  const mapTribes = useMapTribes(view === 'map');
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const tribes = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  // The map follows the search too: only tribes the search found, once a query is typed.
  const mapped = useMemo(() => {
    const all = mapTribes.data ?? [];
    if (!q) return all;
    const ids = new Set(tribes.map((x) => x.id));
    return all.filter((x) => ids.has(x.id));
  }, [mapTribes.data, q, tribes]);
  return {
    query,
    setQuery,
    q,
    view,
    setView,
    tribes,
    loading: list.isPending,
    searching: list.isFetching && !list.isFetchingNextPage,
    hasMore: Boolean(list.hasNextPage),
    loadingMore: list.isFetchingNextPage,
    loadMore,
    mapTribes: mapped,
    mapLoading: mapTribes.isPending,
  };
}
