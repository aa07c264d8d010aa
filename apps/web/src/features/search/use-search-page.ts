import { SEARCH_KINDS, SEARCH_LIMITS, type SearchHit, type SearchKind } from '@tribes/shared';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useStore } from '../../lib/external-store';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSearch } from './api';
import { clearSearches, forgetSearch, recentSearches, rememberSearch } from './recent-searches';

export type KindTab = SearchKind | 'all';
export const KIND_TABS: readonly KindTab[] = ['all', ...SEARCH_KINDS];

const kindOf = (raw: string | null): KindTab =>
  (SEARCH_KINDS as readonly string[]).includes(raw ?? '') ? (raw as SearchKind) : 'all';

/** The hits of a flat page list grouped by kind, in the order of SEARCH_KINDS, each group best first. */
export function groupHits(hits: SearchHit[]): { kind: SearchKind; hits: SearchHit[] }[] {
  return SEARCH_KINDS.map((kind) => ({ kind, hits: hits.filter((h) => h.kind === kind) })).filter((g) => g.hits.length > 0);
}

/** /search?q=&type=: the field (kept in the URL once it settles), the kind shown, the hits and the recent searches. */
export function useSearchPage() {
  const [params, setParams] = useSearchParams();
  const urlQ = (params.get('q') ?? '').trim().slice(0, SEARCH_LIMITS.queryMax);
  const kind = kindOf(params.get('type'));
  const [query, setQuery] = useState(urlQ);
  const settled = useDebouncedValue(query.trim(), 350);
  // The shell's field (or a recent search) sent a new ?q= while on the page: it replaces what was typed.
  useEffect(() => setQuery(urlQ), [urlQ]);
  const setParam = (name: string, value: string | null) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (value) copy.set(name, value);
        else copy.delete(name);
        return copy;
      },
      { replace: true },
    );
  useEffect(() => {
    // Only a settled field updates the URL: the debounced value equals what is typed now. Watching the typed
    // value too catches a field emptied within the debounce of a recent search run again, whose settled value
    // never changed (it was already empty).
    if (settled === query.trim() && settled !== urlQ) setParam('q', settled || null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the URL follows the field, not the other way
  }, [settled, query]);
  const search = useSearch(urlQ, kind);
  const hits = useMemo(() => search.data?.pages.flatMap((p) => p.items) ?? [], [search.data]);
  const recent = useStore(recentSearches);
  return {
    query,
    setQuery,
    q: urlQ,
    kind,
    setKind: (k: KindTab) => setParam('type', k === 'all' ? null : k),
    /** Enter in the field: search at once, and keep it among the recent searches. */
    onSubmit: (e: FormEvent) => {
      e.preventDefault();
      const text = query.trim();
      if (!text) return;
      rememberSearch(text);
      setParam('q', text);
    },
    runRecent: (q: string) => {
      rememberSearch(q);
      setQuery(q);
      setParam('q', q);
    },
    /** A result opened: the search that found it is worth keeping. */
    onOpen: () => rememberSearch(urlQ),
    hits,
    groups: kind === 'all' ? groupHits(hits) : [],
    loading: urlQ.length > 0 && search.isPending,
    // A refused query (only marks, say) finds nothing rather than failing.
    failed: search.isError && !(search.error instanceof ApiError && search.error.status === 400),
    retry: () => void search.refetch(),
    hasMore: search.hasNextPage,
    loadingMore: search.isFetchingNextPage,
    loadMore: () => void search.fetchNextPage(),
    recent,
    forgetSearch,
    clearSearches,
  };
}
