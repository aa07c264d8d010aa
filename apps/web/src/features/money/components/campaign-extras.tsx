import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IosShareIcon from '@mui/icons-material/IosShare';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MONEY_LIMITS, type Campaign } from '@tribes/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyParser, schemaResolver } from '../../../lib/form-resolver';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { useCampaignTopDonors, useCampaignUpdates, usePostCampaignUpdate } from '../api';
import { useMoneyFormat } from '../../../lib/money-format';
import { RichText } from '../../../components/rich-text';

const h2 = { fontSize: '1.15rem', fontWeight: 700 } as const;
const DAY = 86_400_000;

/** Whole days until the deadline (0 on its last day); null once it has passed. */
export function daysLeft(endsAt: string, now: Date): number | null {
  const ms = Date.parse(endsAt) - now.getTime();
  return ms > 0 ? Math.floor(ms / DAY) : null;
}

/** Who organises it and how long is left. */
export function CampaignMeta({ campaign, now = new Date() }: { campaign: Campaign; now?: Date }) {
  const { t } = useTranslation();
  const left = campaign.status === 'active' ? daysLeft(campaign.ends_at, now) : null;
  return (
    <Stack direction="row" spacing={2} useFlexGap alignItems="center" sx={{ flexWrap: 'wrap' }}>
      {campaign.organiser && (
        <Stack direction="row" spacing={1} alignItems="center" data-testid="campaign-organiser">
          <Avatar src={campaign.organiser.avatar_url ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {campaign.organiser.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography variant="body2">{t('money.page.organiser', { name: `\u2068${campaign.organiser.name}\u2069` })}</Typography>
        </Stack>
      )}
      {left !== null && (
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="campaign-days-left">
          {left === 0 ? t('money.page.lastDay') : t('money.page.daysLeft', { count: left })}
        </Typography>
      )}
    </Stack>
  );
}

/** Copy link, WhatsApp, Telegram, and the device's own share sheet where there is one. */
export function CampaignShare({ campaign, url }: { campaign: Campaign; url: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = `${campaign.title} ${url}`;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('money.page.share')} role="group">
      <Button
        size="small"
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        data-testid="share-copy"
        onClick={() =>
          void navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('money.page.copied') : t('money.page.copyLink')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        component="a"
        href={`https://wa.me/?text=${encodeURIComponent(text)}`}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="share-whatsapp"
      >
        {t('money.page.shareWhatsapp')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        component="a"
        href={`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(campaign.title)}`}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="share-telegram"
      >
        {t('money.page.shareTelegram')}
      </Button>
      {canShare && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<IosShareIcon />}
          onClick={() => void navigator.share({ title: campaign.title, url }).catch(() => undefined)}
          data-testid="share-native"
        >
          {t('money.page.shareMore')}
        </Button>
      )}
    </Stack>
  );
}

/** The ten largest givers; anonymous gifts shown as such. */
export function TopDonors({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const top = useCampaignTopDonors(campaignId);
  if (top.isPending) return <ListSkeleton rows={2} height={48} />;
  const items = top.data ?? [];
  if (items.length === 0) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby="top-donors-title">
      <Typography id="top-donors-title" variant="h2" sx={h2}>
        {t('money.page.topDonorsTitle')}
      </Typography>
      <Paper variant="outlined">
        <List disablePadding data-testid="top-donors">
          {items.map((d, i) => (
            <ListItem key={`${d.donor?.id ?? 'anonymous'}-${d.anonymous}-${i}`} divider>
              <ListItemText
                primary={<span dir="auto">{d.donor ? d.donor.name : t('money.detail.anonymous')}</span>}
                secondary={t('money.page.topDonorAmount', { amount: f.tokens(d.amount) })}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}

/** An organiser's update, checked with the shared schema before it is sent. */
const updateParser = lazyParser((s) => s.CampaignUpdateBodySchema);

/** The organisers' updates, newest first; the campaign's managers write new ones here. */
export function CampaignUpdates({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const updates = useCampaignUpdates(campaign.id);
  const form = useForm<{ body: string }>({
    defaultValues: { body: '' },
    // A refusal stays under the field until the next try, as it always has.
    reValidateMode: 'onSubmit',
    resolver: schemaResolver(updateParser, f.locale),
  });
  const body = useWatch({ control: form.control, name: 'body' });
  const error = form.formState.errors.body?.message ?? null;
  const post = usePostCampaignUpdate(campaign.id, (errors) => {
    // The server's message for the body shows under the field; other errors go to the app's notice.
    if (!errors.body?.[0]) return false;
    form.setError('body', { type: 'server', message: errors.body[0] });
    return true;
  });
  const items = updates.data?.pages.flatMap((p) => p.items) ?? [];
  const { ref: bodyRef, ...bodyField } = form.register('body');
  const submit = form.handleSubmit((values) => post.mutate(values.body, { onSuccess: () => form.reset({ body: '' }) }));
  return (
    <Stack spacing={1} component="section" aria-labelledby="updates-title">
      <Typography id="updates-title" variant="h2" sx={h2}>
        {t('money.page.updatesTitle')}
      </Typography>
      {campaign.can_manage && (
        <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} noValidate>
          <Stack spacing={1.5}>
            <TextField
              label={t('money.page.updateLabel')}
              {...bodyField}
              inputRef={bodyRef}
              multiline
              minRows={3}
              error={error !== null}
              helperText={error ?? ' '}
              slotProps={{ htmlInput: { maxLength: MONEY_LIMITS.updateMax, 'data-testid': 'update-body' } }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={post.isPending || body.trim() === ''}
              sx={{ alignSelf: 'flex-start' }}
              data-testid="update-post"
            >
              {t('money.page.updatePost')}
            </Button>
          </Stack>
        </Paper>
      )}
      {updates.isPending ? (
        <ListSkeleton rows={2} height={72} />
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{t('money.page.updatesEmpty')}</Typography>
      ) : (
        <Stack spacing={1} data-testid="campaign-updates">
          {items.map((u) => (
            <Paper key={u.id} variant="outlined" sx={{ p: 2 }} component="article" data-testid="campaign-update">
              <Typography variant="caption" color="text.secondary">
                {[u.author?.name, f.dateTime(u.created_at)].filter(Boolean).join(' · ')}
              </Typography>
              <RichText html={u.body_html} />
            </Paper>
          ))}
        </Stack>
      )}
      <LoadMore
        hasMore={Boolean(updates.hasNextPage)}
        loading={updates.isFetchingNextPage}
        onMore={() => void updates.fetchNextPage()}
      />
    </Stack>
  );
}
