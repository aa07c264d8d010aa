import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageSkeleton } from '../components/page-skeleton';
import { RouterLocaleLink } from '../components/locale-link';
import { useCampaign } from '../features/money/api';
import { CampaignDetail } from '../features/money/components/campaign-detail';
import { PageFrame } from '../features/posts/components/page-frame';
import { EmptyState } from '../components/empty-state';

/** /tribes/campaign/detail/{campaign id}: progress (live), chart of donations, donors, close. */
export default function CampaignDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const q = useCampaign(id);
  if (q.isPending && id) return <PageSkeleton rows={4} />;
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
    <PageFrame title={q.data.title}>
      <CampaignDetail campaign={q.data} />
    </PageFrame>
  );
}
