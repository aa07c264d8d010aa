import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Campaign } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '../../../lib/money-format';
import { LocalMoney } from '../../../components/local-money';

/** Raised of goal as a bar with its numbers; the bar's value is what screen readers hear. */
export function CampaignProgress({ campaign, large = false }: { campaign: Campaign; large?: boolean }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const ratio = campaign.goal > 0 ? Math.min(1, campaign.raised / campaign.goal) : 0;
  return (
    <Stack spacing={0.75}>
      <LinearProgress
        variant="determinate"
        value={Math.round(ratio * 100)}
        sx={{ height: large ? 14 : 8, borderRadius: 7 }}
        aria-label={t('money.campaigns.progressLabel', { title: campaign.title })}
        aria-valuetext={t('money.campaigns.raised', { raised: f.tokens(campaign.raised), goal: f.tokens(campaign.goal) })}
        data-testid="campaign-progress"
        data-raised={campaign.raised}
      />
      <Stack direction="row" justifyContent="space-between" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography variant={large ? 'body1' : 'body2'} sx={{ fontWeight: 600 }} data-testid="campaign-raised">
          {t('money.campaigns.raised', { raised: f.tokens(campaign.raised), goal: f.tokens(campaign.goal) })}
        </Typography>
        <Typography variant={large ? 'body1' : 'body2'} color="text.secondary">
          {f.percent(campaign.goal > 0 ? campaign.raised / campaign.goal : 0)}
        </Typography>
      </Stack>
      <LocalMoney tokens={campaign.raised} />
    </Stack>
  );
}
