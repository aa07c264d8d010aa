import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageSkeleton } from '../components/page-skeleton';
import { RouterLocaleLink } from '../components/locale-link';
import { useCampaign } from '../features/money/api';
import { CampaignDetail, CampaignGive } from '../features/money/components/campaign-detail';
import { PageFrame } from '../components/page-frame';
import { EmptyState } from '../components/empty-state';
import { OfflineUnavailable } from '../components/offline-unavailable';
import { isNoConnection, useOnline } from '../lib/online-status';

/** /tribes/campaign/detail/{campaign id}: story, progress (live), chart of donations, donors, close; a giving column on wide screens. */
export default function CampaignDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const q = useCampaign(id);
  const online = useOnline();
  // Wide screens: progress, the donate button and top donors in a sticky side column (PageColumns, lg up).
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  if (q.isPending && id) return <PageSkeleton rows={4} />;
  // Campaigns are money: never kept on the device, so offline they are not available (not "not found").
  if (!q.data && (!online || isNoConnection(q.error)))
    return (
      <PageFrame title={t('offline.money.title')}>
        <OfflineUnavailable kind="money" />
      </PageFrame>
    );
  if (!q.data)
    return (
      <PageFrame title={t('money.detail.notFound')}>
        <EmptyState
          icon={SearchOffOutlinedIcon}
          title={t('money.detail.notFound')}
          body={t('money.detail.notFoundBody')}
          action={
            <Button component={RouterLocaleLink} to="/tribes" variant="contained">
              {t('tribes.browse.cta')}
            </Button>
          }
        />
      </PageFrame>
    );
  return (
    <PageFrame
      title={q.data.title}
      aside={wide ? <CampaignGive campaign={q.data} withTopDonors /> : undefined}
      asideLabel={t('money.detail.giveLabel')}
    >
      <CampaignDetail campaign={q.data} giveInAside={wide} />
    </PageFrame>
  );
}
