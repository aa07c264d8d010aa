import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrimaryTribe } from '../../tribes/use-primary-tribe';
import { useTribeLiveFeed } from '../use-tribe-live-feed';

export interface NewPostsBannerViewProps {
  count: number;
  onShow(): void;
}

/** "N new posts": a sticky button at the top of the feed; nothing while there are none. */
export function NewPostsBannerView({ count, onShow }: NewPostsBannerViewProps) {
  const { t } = useTranslation();
  return (
    <Box aria-live="polite" sx={{ position: 'sticky', top: { xs: 64, sm: 72 }, zIndex: 2, display: 'flex', justifyContent: 'center' }}>
      {count > 0 && (
        <Button
          variant="contained"
          size="small"
          startIcon={<ArrowUpwardIcon />}
          onClick={onShow}
          title={t('realtime.newPosts.hint')}
          data-testid="new-posts-banner"
          sx={{ borderRadius: 999, boxShadow: 3 }}
        >
          {t('realtime.newPosts.count', { count })}
        </Button>
      )}
    </Box>
  );
}

/**
 * Announces posts published in the user's tribes since the feed was loaded; a click fetches the
 * feed again and goes back to its top. `tribeIds` defaults to the primary tribe.
 */
export function NewPostsBanner({ tribeIds }: { tribeIds?: readonly string[] }) {
  const primary = usePrimaryTribe();
  const ids = useMemo(() => tribeIds ?? (primary ? [primary] : []), [tribeIds, primary]);
  const live = useTribeLiveFeed(ids);
  return (
    <NewPostsBannerView
      count={live.count}
      onShow={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
        void live.showNew();
      }}
    />
  );
}
