import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { plainText } from '../../../components/rich-text';
import type { Campaign } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { LocaleLink, RouterLocaleLink } from '../../../components/locale-link';
import { useMoneyFormat } from '../../../lib/money-format';
import { CampaignProgress } from './campaign-progress';

/** A campaign's status chip: open until closed or past its deadline. */
export function CampaignStatus({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={campaign.status === 'active' ? 'success' : 'default'}
      variant={campaign.status === 'active' ? 'filled' : 'outlined'}
      label={t(`money.campaigns.status.${campaign.status}`)}
    />
  );
}

/** One campaign in a list: title (a link to its page), progress, donors, deadline, donate. */
export function CampaignCard({ campaign, headingLevel = 'h3' }: { campaign: Campaign; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const open = campaign.status === 'active';
  return (
    <Paper variant="outlined" component="article" sx={{ p: 2 }} data-testid="campaign-card" data-id={campaign.id}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2} alignItems="flex-start">
          {campaign.cover_url && <Avatar src={campaign.cover_url} alt="" variant="rounded" sx={{ width: 64, height: 64 }} />}
          <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography
              variant="h3"
              component={headingLevel}
              sx={{ fontSize: '1.1rem', fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              <LocaleLink to={`/tribes/campaign/detail/${campaign.id}`} underline="hover" color="inherit" dir="auto">
                {campaign.title}
              </LocaleLink>
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap alignItems="center" sx={{ flexWrap: 'wrap' }}>
              <CampaignStatus campaign={campaign} />
              <Typography variant="body2" color="text.secondary">
                {open
                  ? t('money.campaigns.endsOn', { date: f.date(campaign.ends_at) })
                  : t('money.campaigns.endedOn', { date: f.date(campaign.ends_at) })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('money.campaigns.donors', { count: f.tokens(campaign.donor_count) })}
              </Typography>
            </Stack>
          </Stack>
        </Stack>
        {campaign.description && (
          <Typography
            color="text.secondary"
            dir="auto"
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {plainText(campaign.description_html)}
          </Typography>
        )}
        <CampaignProgress campaign={campaign} />
        {open && (
          <Button
            component={RouterLocaleLink}
            to={`/tribes/campaign/donate/${campaign.id}`}
            variant="contained"
            size="small"
            sx={{ alignSelf: 'flex-start' }}
            data-testid="campaign-donate"
            aria-label={t('money.campaigns.donateTo', { title: campaign.title })}
          >
            {t('money.campaigns.donate')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
