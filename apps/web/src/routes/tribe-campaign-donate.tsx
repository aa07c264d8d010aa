import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageSkeleton } from '../components/page-skeleton';
import { RouterLocaleLink } from '../components/locale-link';
import { useCampaign } from '../features/money/api';
import { CampaignProgress } from '../features/money/components/campaign-progress';
import { DonateForm } from '../features/money/components/donate-form';
import { SignInToGive } from '../features/money/components/sign-in-to-give';
import { useSession } from '../lib/session/session-store';
import { PageFrame } from '../components/page-frame';
import { EmptyState } from '../components/empty-state';
import { OfflineUnavailable } from '../components/offline-unavailable';
import { isNoConnection, useOnline } from '../lib/online-status';
import { MonthlyGift } from '../features/treasury/components/monthly-gift';

/** /tribes/campaign/donate/{campaign id}: give to one campaign (a signed-out visitor is asked to sign in, then comes back). */
export default function CampaignDonatePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const signedIn = useSession().isLoggedIn;
  const q = useCampaign(id);
  const online = useOnline();
  if (q.isPending && id) return <PageSkeleton rows={3} />;
  const c = q.data;
  // Giving needs a connection: offline, said so plainly rather than "not found".
  if (!c && (!online || isNoConnection(q.error)))
    return (
      <PageFrame title={t('offline.money.title')}>
        <OfflineUnavailable kind="money" />
      </PageFrame>
    );
  if (!c)
    return (
      <PageFrame title={t('money.detail.notFound')}>
        <EmptyState icon={SearchOffOutlinedIcon} title={t('money.detail.notFound')} body={t('money.detail.notFoundBody')} />
      </PageFrame>
    );
  const back = (
    <Button component={RouterLocaleLink} to={`/tribes/campaign/detail/${c.id}`} variant="contained" data-testid="see-campaign">
      {t('money.donate.seeCampaign')}
    </Button>
  );
  return (
    <PageFrame title={t('money.donate.toCampaign', { title: c.title })}>
      <CampaignProgress campaign={c} />
      {c.status === 'active' && !signedIn ? (
        <SignInToGive campaignId={c.id} />
      ) : c.status === 'active' ? (
        <>
          <DonateForm target={{ type: 'campaign', id: c.id, name: c.title }} after={back} />
          <MonthlyGift target={{ type: 'campaign', id: c.id, name: c.title }} />
        </>
      ) : (
        <Alert severity="info" action={back}>
          {t('money.donate.closed')}
        </Alert>
      )}
    </PageFrame>
  );
}
