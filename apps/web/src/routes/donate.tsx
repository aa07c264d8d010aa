import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RouterLocaleLink } from '../components/locale-link';
import { CampaignBrowser } from '../features/money/components/campaign-browser';
import { DonateForm } from '../features/money/components/donate-form';
import { DonationTargetPicker } from '../features/money/components/donation-target-picker';
import { useDonateTarget } from '../features/money/use-donate-target';
import { useSearchCampaigns } from '../features/money/api';
import { PageFrame } from '../components/page-frame';
import { EmptyState } from '../components/empty-state';
import { ListSkeleton } from '../components/list-skeleton';
import { OfflineUnavailable } from '../components/offline-unavailable';
import { useOnline } from '../lib/online-status';

/** /donate: give from my wallet to one of my tribes or one of its open campaigns; below, open campaigns of every tribe, searchable. */
export default function DonatePage() {
  const { t } = useTranslation();
  const d = useDonateTarget();
  const online = useOnline();
  // Asked for at once, shown once the form above has taken its place (it would push the list down).
  useSearchCampaigns('');
  return (
    <PageFrame
      title={t('pages.donate')}
      action={
        <Button component={RouterLocaleLink} to="/setting/wallet" variant="outlined" size="small">
          {t('money.donate.myWallet')}
        </Button>
      }
    >
      <Typography color="text.secondary">{t('money.donate.intro')}</Typography>
      {d.loading ? (
        <ListSkeleton rows={1} height={280} />
      ) : d.empty && !online ? (
        // Offline the tribes to give to may not be known: not "you have no tribe", just not available now.
        <OfflineUnavailable kind="money" />
      ) : d.empty ? (
        <EmptyState
          icon={GroupsOutlinedIcon}
          title={t('money.donate.noTribes')}
          body={t('money.donate.noTribesBody')}
          action={
            <Button component={RouterLocaleLink} to="/tribes" variant="contained">
              {t('tribes.browse.cta')}
            </Button>
          }
        />
      ) : (
        <DonateForm target={d.target} chooser={(error) => <DonationTargetPicker state={d.picker} error={error} />} />
      )}
      {!d.loading && <CampaignBrowser />}
    </PageFrame>
  );
}
