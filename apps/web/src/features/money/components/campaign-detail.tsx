import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RichText } from '../../../components/rich-text';
import { useQueryClient } from '@tanstack/react-query';
import { CHANNELS, type Campaign } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink, RouterLocaleLink } from '../../../components/locale-link';
import { useSession } from '../../../lib/session/session-store';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime-event';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { useTribe } from '../../../lib/use-tribe';
import { moneyKeys, useCampaignDaily, useCampaignDonations, useCloseCampaign } from '../api';
import { useMoneyFormat } from '../../../lib/money-format';
import { CampaignStatus } from './campaign-card';
import { CampaignMeta, CampaignShare, CampaignUpdates, TopDonors } from './campaign-extras';
import { CampaignProgress } from './campaign-progress';
import { DonationsChart } from './donations-chart';
import { DonorList } from './donor-list';
import { LocalMoney } from '../../../components/local-money';
import { donatePath, SignInToGiveButton } from './sign-in-to-give';

const h2 = { fontSize: '1.15rem', fontWeight: 700 } as const;

/** Keeps a campaign's progress live from its public channel (campaign.{id}, event campaign.updated). */
function useLiveCampaign(campaign: Campaign) {
  const client = useQueryClient();
  useRealtimeEvent(
    [CHANNELS.campaign(campaign.id)],
    'campaign.updated',
    (payload) => {
      client.setQueryData<Campaign>(moneyKeys.campaign(campaign.id), (c) =>
        c ? { ...c, raised: payload.raised, donor_count: payload.donor_count } : c,
      );
      void client.invalidateQueries({ queryKey: moneyKeys.campaignDonations(campaign.id) });
      void client.invalidateQueries({ queryKey: moneyKeys.campaignDaily(campaign.id) });
    },
    'public',
  );
}

/**
 * How far a campaign is and how to give: progress (live), donors and local money, the donate button,
 * sharing. Inside the page on phones; in the side column on wide screens (sticky, like the giving box
 * of a fundraising page), with the top donors under it.
 */
export function CampaignGive({ campaign, withTopDonors = false }: { campaign: Campaign; withTopDonors?: boolean }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const signedIn = useSession().isLoggedIn;
  const open = campaign.status === 'active';
  const body = (
    <Stack spacing={2} data-testid="campaign-give">
      <CampaignProgress campaign={campaign} large />
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography color="text.secondary" data-testid="campaign-donor-count">
          {t('money.campaigns.donors', { count: f.tokens(campaign.donor_count) })}
        </Typography>
        <LocalMoney tokens={campaign.goal} component="span" data-testid="campaign-goal-local" />
        {campaign.monthly_goal !== null && (
          <Typography color="text.secondary">{t('money.detail.monthly', { amount: f.tokens(campaign.monthly_goal) })}</Typography>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {open &&
          (signedIn ? (
            <Button component={RouterLocaleLink} to={donatePath(campaign.id)} variant="contained" data-testid="campaign-donate">
              {t('money.campaigns.donate')}
            </Button>
          ) : (
            // A visitor from a shared link reads everything; giving asks them to sign in, then comes back.
            <SignInToGiveButton campaignId={campaign.id} />
          ))}
      </Stack>
      <CampaignShare campaign={campaign} url={typeof window === 'undefined' ? '' : window.location.href} />
    </Stack>
  );
  if (!withTopDonors) return body;
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {body}
      </Paper>
      <TopDonors campaignId={campaign.id} />
    </>
  );
}

/** A campaign's page: cover, story, updates, milestones, a chart of the donations over time, donors, close. */
export function CampaignDetail({ campaign, giveInAside = false }: { campaign: Campaign; giveInAside?: boolean }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const tribe = useTribe(campaign.tribe_id);
  const donations = useCampaignDonations(campaign.id);
  const daily = useCampaignDaily(campaign.id);
  const close = useCloseCampaign(campaign.id);
  const [confirmClose, setConfirmClose] = useState(false);
  useLiveCampaign(campaign);
  const signedIn = useSession().isLoggedIn;
  const donors = donations.data?.pages.flatMap((p) => p.items) ?? [];
  const open = campaign.status === 'active';
  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          {campaign.cover_url && (
            <Box
              component="img"
              src={campaign.cover_url}
              alt=""
              data-testid="campaign-cover"
              sx={{ width: '100%', aspectRatio: '2 / 1', maxHeight: 360, objectFit: 'cover', borderRadius: 1, display: 'block' }}
            />
          )}
          <Stack direction="row" spacing={1} useFlexGap alignItems="center" sx={{ flexWrap: 'wrap' }}>
            <CampaignStatus campaign={campaign} />
            {tribe.data &&
              (signedIn ? (
                <LocaleLink to={`/tribes/${tribe.data.slug}?tab=campaigns`} dir="auto">
                  {tribe.data.name}
                </LocaleLink>
              ) : (
                // The tribe's own page is for members; a visitor reads its name here and its public ledger.
                <Typography component="span" variant="body2" sx={{ fontWeight: 600 }} dir="auto">
                  {tribe.data.name}
                </Typography>
              ))}
            <Typography variant="body2" color="text.secondary">
              {open
                ? t('money.campaigns.endsOn', { date: f.date(campaign.ends_at) })
                : t('money.campaigns.endedOn', { date: f.date(campaign.ends_at) })}
            </Typography>
          </Stack>
          <CampaignMeta campaign={campaign} />
          {tribe.data && (
            <LocaleLink
              to={`/tribes/ledger/${tribe.data.slug}`}
              variant="body2"
              sx={{ alignSelf: 'flex-start' }}
              data-testid="campaign-ledger-link"
            >
              {t('money.visitor.ledgerLink')}
            </LocaleLink>
          )}
          {campaign.description && <RichText html={campaign.description_html} testId="campaign-story" />}
          {!giveInAside && <CampaignGive campaign={campaign} />}
          {open && campaign.can_manage && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<LockOutlinedIcon />}
              onClick={() => setConfirmClose(true)}
              data-testid="close-campaign"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('money.detail.close')}
            </Button>
          )}
        </Stack>
      </Paper>

      <CampaignUpdates campaign={campaign} />

      {campaign.milestones.length > 0 && (
        <Stack spacing={1} component="section" aria-labelledby="milestones-title">
          <Typography id="milestones-title" variant="h2" sx={h2}>
            {t('money.detail.milestones')}
          </Typography>
          <Paper variant="outlined">
            <List disablePadding>
              {campaign.milestones.map((m) => (
                <ListItem key={`${m.title}-${m.amount}`} divider>
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    {m.reached ? (
                      <CheckCircleOutlineIcon color="success" aria-hidden />
                    ) : (
                      <RadioButtonUncheckedIcon aria-hidden />
                    )}
                  </ListItemIcon>
                  <ListItemText
                    primary={<span dir="auto">{m.title}</span>}
                    secondary={`${t('money.common.tokens', { amount: f.tokens(m.amount) })} · ${t(
                      m.reached ? 'money.detail.reached' : 'money.detail.notReached',
                    )}`}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        </Stack>
      )}

      <Stack spacing={1} component="section" aria-labelledby="chart-title">
        <Stack direction="row" spacing={1} alignItems="center">
          <FlagOutlinedIcon color="primary" aria-hidden />
          <Typography id="chart-title" variant="h2" sx={h2}>
            {t('money.detail.chartTitle')}
          </Typography>
        </Stack>
        <Paper variant="outlined" sx={{ p: 2 }}>
          {daily.isPending ? (
            <ListSkeleton rows={1} height={180} />
          ) : (
            <DonationsChart days={daily.data ?? []} goal={campaign.goal} />
          )}
        </Paper>
      </Stack>

      {!giveInAside && <TopDonors campaignId={campaign.id} />}

      <Stack spacing={1} component="section" aria-labelledby="donors-title">
        <Typography id="donors-title" variant="h2" sx={h2}>
          {t('money.detail.donorsTitle')}
        </Typography>
        {donations.isPending ? <ListSkeleton rows={2} height={72} /> : <DonorList donations={donors} />}
        <LoadMore
          hasMore={Boolean(donations.hasNextPage)}
          loading={donations.isFetchingNextPage}
          onMore={() => void donations.fetchNextPage()}
        />
      </Stack>

      <ConfirmDialog
        open={confirmClose}
        title={t('money.detail.closeTitle')}
        body={t('money.detail.closeBody', { title: campaign.title })}
        confirmLabel={t('money.detail.closeConfirm')}
        onConfirm={() => close.mutate(undefined, { onSettled: () => setConfirmClose(false) })}
        onClose={() => setConfirmClose(false)}
        pending={close.isPending}
      />
    </>
  );
}
