import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  hasMore: boolean;
  loading: boolean;
  onMore(): void;
  /** Loads the next page by itself when the button scrolls into view. */
  auto?: boolean;
}

/** The cursor pager: a button (always usable with the keyboard), and optional infinite scroll. */
export function LoadMore({ hasMore, loading, onMore, auto = false }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!auto || !el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !loading) onMore();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [auto, hasMore, loading, onMore]);
  if (!hasMore) return null;
  return (
    <Button ref={ref} variant="outlined" onClick={onMore} disabled={loading} sx={{ alignSelf: 'center' }} data-testid="load-more">
      {loading ? t('common.loadingList') : t('common.loadMore')}
    </Button>
  );
}
