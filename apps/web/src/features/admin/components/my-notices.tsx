import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MODERATION_LIMITS, type ModerationNotice } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { useAppealNotice, useMyNotices } from '../api';
import { actError } from './admin-error';
import { ReasonDialog } from './reason-dialog';
import { SnapshotView } from './snapshot-view';
import { useDateText } from './use-date';

const APPEAL_COLOR = { none: 'default', open: 'info', upheld: 'warning', overturned: 'success' } as const;

/** Settings → moderation: what was done to my content, account or tribes and why; appeal each once, within its window. */
export function MyNotices() {
  const { t } = useTranslation();
  const notices = useMyNotices();
  const appeal = useAppealNotice();
  const [asking, setAsking] = useState<ModerationNotice | null>(null);
  const items = notices.data?.pages.flatMap((p) => p.items) ?? [];
  const close = () => {
    setAsking(null);
    appeal.reset();
  };
  return (
    <Stack spacing={2}>
      {notices.isPending ? (
        <ListSkeleton rows={2} height={140} />
      ) : notices.isError ? (
        <Alert severity="error" action={<Button onClick={() => void notices.refetch()}>{t('admin.common.retry')}</Button>}>
          {t('moderation.failed')}
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState icon={ShieldOutlinedIcon} title={t('moderation.empty')} body={t('moderation.emptyBody')} />
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((n) => (
            <li key={n.id}>
              <NoticeCard notice={n} onAppeal={() => setAsking(n)} />
            </li>
          ))}
        </Stack>
      )}
      <LoadMore hasMore={notices.hasNextPage} loading={notices.isFetchingNextPage} onMore={() => void notices.fetchNextPage()} />
      <ReasonDialog
        open={asking !== null}
        title={t('moderation.appealTitle')}
        body={t('moderation.appealBody')}
        confirmLabel={t('moderation.sendAppeal')}
        fieldLabel={t('moderation.appealText')}
        maxLength={MODERATION_LIMITS.appealTextMax}
        destructive={false}
        pending={appeal.isPending}
        error={actError(appeal.error)}
        onSubmit={(v) => asking && appeal.mutate({ id: asking.id, text: v.reason }, { onSuccess: close })}
        onClose={close}
      />
    </Stack>
  );
}

function NoticeCard({ notice: n, onAppeal }: { notice: ModerationNotice; onAppeal(): void }) {
  const { t } = useTranslation();
  const date = useDateText();
  const canAppeal = n.appeal.status === 'none' && new Date(n.appeal.deadline).getTime() > Date.now();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="moderation-notice">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
            {t(`moderation.kind.${n.kind}`)}
          </Typography>
          <Chip
            size="small"
            color={APPEAL_COLOR[n.appeal.status]}
            label={t(`moderation.appealStatus.${n.appeal.status}`)}
            data-testid="notice-appeal-status"
          />
          <Typography variant="body2" color="text.secondary">
            {date(n.created_at)}
          </Typography>
        </Stack>
        <Typography variant="body2" dir="auto">
          <strong>{t('admin.common.reason')}:</strong> <bdi>{n.reason}</bdi>
        </Typography>
        {n.kind === 'suspension' && (
          <Typography variant="body2">
            {n.until ? t('admin.users.suspendedUntil', { date: date(n.until) }) : t('admin.users.suspendedIndefinitely')}
          </Typography>
        )}
        {n.snapshot && <SnapshotView snapshot={n.snapshot} />}
        {n.appeal.text && (
          <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap' }}>
            <strong>{t('moderation.yourAppeal')}:</strong> <bdi>{n.appeal.text}</bdi>
          </Typography>
        )}
        {n.appeal.note && (
          <Typography variant="body2" dir="auto">
            <strong>{t('moderation.decisionNote')}:</strong> <bdi>{n.appeal.note}</bdi>
            {n.appeal.decided_at && ` · ${date(n.appeal.decided_at)}`}
          </Typography>
        )}
        {canAppeal ? (
          <Stack direction="row" spacing={2} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={onAppeal} data-testid="notice-appeal">
              {t('moderation.appeal')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('moderation.deadline', { date: date(n.appeal.deadline) })}
            </Typography>
          </Stack>
        ) : (
          n.appeal.status === 'none' && (
            <Typography variant="body2" color="text.secondary">
              {t('moderation.windowClosed')}
            </Typography>
          )
        )}
      </Stack>
    </Paper>
  );
}
