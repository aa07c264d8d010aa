import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLocaleNavigate } from '../app/locale-hooks';
import { CampaignForm } from '../features/money/components/campaign-form';
import { PageFrame } from '../components/page-frame';
import { EmptyState } from '../components/empty-state';
import { TribeGate } from '../features/tribes/components/tribe-gate';
import { membershipFlags } from '../lib/membership';

/** /tribes/campaign/create/{tribe id or slug}: a leader or moderator launches a campaign. */
export default function CreateCampaignPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useLocaleNavigate();
  return (
    <TribeGate tribeRef={id}>
      {(tribe) => (
        <PageFrame title={t('money.create.title')}>
          <Typography color="text.secondary" dir="auto">
            {t('money.create.intro', { name: tribe.name })}
          </Typography>
          {membershipFlags(tribe).canModerate ? (
            <CampaignForm tribeRef={tribe.slug} onCreated={(c) => navigate(`/tribes/campaign/detail/${c.id}`)} />
          ) : (
            <EmptyState icon={LockOutlinedIcon} title={t('money.create.notAllowed')} body={t('money.create.notAllowedBody')} />
          )}
        </PageFrame>
      )}
    </TribeGate>
  );
}
