import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyTribes } from '../../../lib/session/use-my-tribes';
import { usePrimaryTribe } from '../../../lib/session/use-primary-tribe';
import { useTribeLiveFeed } from '../use-tribe-live-feed';
import { visuallyHidden } from '../../../lib/visually-hidden';

export interface NewPostsBannerViewProps {
  count: number;
  onShow(): void;
}

/** "N new posts": a sticky button at the top of the feed; nothing while there are none. */
export function NewPostsBannerView({ count, onShow }: NewPostsBannerViewProps) {
  const { t } = useTranslation();
  const text = t('realtime.newPosts.count', { count });
  return (
    <>
      {/* Out of the flow: the feed does not move while nothing is new; screen readers hear the count. */}
      <Box component="span" aria-live="polite" sx={visuallyHidden}>
        {count > 0 ? text : ''}
      </Box>
      {count > 0 && (
        <Box sx={{ position: 'sticky', top: { xs: 64, sm: 72 }, zIndex: 2, display: 'flex', justifyContent: 'center' }}>
          <Button
            variant="contained"
            size="small"
            startIcon={<ArrowUpwardIcon />}
            onClick={onShow}
            title={t('realtime.newPosts.hint')}
            data-testid="new-posts-banner"
            sx={{ borderRadius: 999, boxShadow: 3 }}
          >
            {text}
          </Button>
        </Box>
      )}
    </>
  );
}

/**
 * Announces posts published in the user's tribes since the feed was loaded; a click fetches the
 * feed again (`feedKey`: the home feed by default, a tribe's posts on its page) and goes back to
 * its top. `tribeIds` defaults to the tribes I am an active member of (and my primary tribe).
 */
export function NewPostsBanner({ tribeIds, feedKey }: { tribeIds?: readonly string[]; feedKey?: QueryKey }) {
  const primary = usePrimaryTribe();
  const mine = useMyTribes();
  const ids = useMemo(
    () => tribeIds ?? [...new Set([...(primary ? [primary] : []), ...(mine.data ?? []).map((tr) => tr.id)])],
    [tribeIds, primary, mine.data],
  );
  const live = useTribeLiveFeed(ids, feedKey);
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
