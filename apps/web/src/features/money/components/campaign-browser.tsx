import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/inputs/text-field';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchCampaigns } from '../api';
import { CampaignCard } from './campaign-card';

/**
 * Open campaigns of every tribe (GET /v1/campaigns), newest first, searched by title, story or tribe
 * name as one types, page by page: a donor can find a cause beyond the tribes they belong to.
 */
export function CampaignBrowser({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const list = useSearchCampaigns(q);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  // Linked as /donate#campaigns (from /tribes): the router does not scroll to a hash by itself.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.location.hash === '#campaigns') ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <Stack
      ref={ref}
      id="campaigns"
      component="section"
      spacing={2}
      aria-labelledby="campaign-browser-title"
      data-testid="campaign-browser"
    >
      <Typography id="campaign-browser-title" variant="h2" component={headingLevel} sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
        {t('money.browse.title')}
      </Typography>
      <form role="search" aria-label={t('money.browse.search')} onSubmit={(e) => e.preventDefault()}>
        <TextField
          id="campaign-search"
          label={t('money.browse.search')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          type="search"
          endAdornment={
            <InputAdornment position="end">
              <SearchIcon aria-hidden />
            </InputAdornment>
          }
          htmlInput={{ dir: 'auto', maxLength: 100, 'data-testid': 'campaign-search' }}
        />
      </form>
      {list.isPending ? (
        <ListSkeleton rows={2} height={160} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={CampaignOutlinedIcon}
          title={q ? t('money.browse.noMatch', { q }) : t('money.browse.none')}
          body={q ? t('money.browse.noMatchBody') : undefined}
          headingLevel="h3"
        />
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-busy={list.isFetching}>
          {items.map((c) => (
            <li key={c.id}>
              <CampaignCard campaign={c} headingLevel="h3" />
            </li>
          ))}
        </Stack>
      )}
      <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </Stack>
  );
}
