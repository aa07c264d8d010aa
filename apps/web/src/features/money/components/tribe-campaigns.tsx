import AddIcon from '@mui/icons-material/Add';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../../../components/locale-link';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { membershipFlags } from '../../../lib/membership';
import { useTribeCampaigns } from '../api';
import { CampaignCard } from './campaign-card';

/** The actions beside a tribe's campaigns: the public ledger, and "create" for leaders and moderators. */
export function CampaignActions({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const f = membershipFlags(tribe);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        component={RouterLocaleLink}
        to={`/tribes/ledger/${tribe.slug}`}
        variant="outlined"
        size="small"
        startIcon={<ReceiptLongOutlinedIcon />}
        data-testid="ledger-link"
      >
        {t('money.ledger.link')}
      </Button>
      {f.canModerate && (
        <Button
          component={RouterLocaleLink}
          to={`/tribes/campaign/create/${tribe.slug}`}
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
          data-testid="create-campaign"
        >
          {t('money.campaigns.create')}
        </Button>
      )}
    </Stack>
  );
}

/** A tribe's campaigns as cards with progress; used by the campaigns tab and /tribes/campaign/{id}. */
export function TribeCampaignList({ tribe, heading = true }: { tribe: Tribe; heading?: boolean }) {
  const { t } = useTranslation();
  const f = membershipFlags(tribe);
  const q = useTribeCampaigns(tribe.slug);
  const campaigns = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack spacing={2}>
      {heading && (
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          justifyContent="space-between"
          alignItems="center"
          sx={{ flexWrap: 'wrap' }}
        >
          <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
            {t('money.campaigns.title')}
          </Typography>
          <CampaignActions tribe={tribe} />
        </Stack>
      )}
      {q.isPending ? (
        <ListSkeleton rows={2} height={120} />
      ) : campaigns.length === 0 ? (
        <EmptyState
          icon={CampaignOutlinedIcon}
          title={t('money.campaigns.empty')}
          body={f.canModerate ? t('money.campaigns.emptyManager') : t('money.campaigns.emptyBody')}
          headingLevel={heading ? 'h3' : 'h2'}
        />
      ) : (
        <Stack spacing={1.5} data-testid="campaign-list">
          {campaigns.map((c) => (
            <CampaignCard key={c.id} campaign={c} headingLevel={heading ? 'h3' : 'h2'} />
          ))}
        </Stack>
      )}
      <LoadMore hasMore={Boolean(q.hasNextPage)} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} />
    </Stack>
  );
}
