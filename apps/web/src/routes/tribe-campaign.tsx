import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CampaignActions, TribeCampaignList } from '../features/money/components/tribe-campaigns';
import { PageFrame } from '../components/page-frame';
import { TribeGate } from '../features/tribes/components/tribe-gate';

/** /tribes/campaign/{tribe id or slug}: the tribe's campaigns; "create" for its leaders and moderators. */
export default function TribeCampaignsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <TribeGate tribeRef={id}>
      {(tribe) => (
        <PageFrame title={t('money.campaigns.pageTitle', { name: tribe.name })} action={<CampaignActions tribe={tribe} />}>
          <TribeCampaignList tribe={tribe} heading={false} />
        </PageFrame>
      )}
    </TribeGate>
  );
}
