import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { POST_LIMITS, type PostReport, type Tribe } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { TextField } from '../../../components/inputs/text-field';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import type { ReportStatus } from '../api';
import { formatPostTime } from '../../../lib/post-time';
import { useReportQueue } from '../use-report-queue';
import { ModerationLog } from './moderation-log';
import { PostBody } from './post-body';

const STATUSES: ReportStatus[] = ['open', 'dismissed', 'actioned'];

function ReportItem({ report, q }: { report: PostReport; q: ReturnType<typeof useReportQueue> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = formatPostTime(report.created_at, locale);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }} data-testid="report-item">
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">
          {t('posts.reports.by', { name: report.reporter.name })} ·{' '}
          <time dateTime={report.created_at} title={when.full}>
            {when.short}
          </time>
        </Typography>
        <Typography dir="auto" sx={{ fontWeight: 600 }}>
          {t('posts.reports.reason')}: <bdi>{report.reason}</bdi>
        </Typography>
        {report.post ? (
          <Paper variant="outlined" sx={{ p: 1.5, bgcolor: 'action.hover' }}>
            <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
              <bdi>{report.post.author.name}</bdi>
            </Typography>
            <PostBody text={report.post.body || t('posts.reports.photosOnly')} />
          </Paper>
        ) : (
          <Typography color="text.secondary">{t('posts.reports.postGone')}</Typography>
        )}
        {report.status === 'open' ? (
          <>
            <TextField
              id={`report-note-${report.id}`}
              label={t('posts.reports.note')}
              size="small"
              value={q.note(report.id)}
              onChange={(e) => q.setNote(report.id, e.target.value)}
              helperText={t('posts.reports.noteHelp')}
              htmlInput={{ dir: 'auto', maxLength: POST_LIMITS.reasonMax, 'data-testid': 'report-note' }}
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                onClick={() => q.act(report.id, 'dismiss')}
                disabled={q.busy}
                data-testid="report-dismiss"
              >
                {t('posts.reports.dismiss')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() => q.act(report.id, 'delete_post')}
                disabled={q.busy || !report.post}
                data-testid="report-delete"
              >
                {t('posts.reports.deletePost')}
              </Button>
              <Button
                variant="contained"
                color="error"
                onClick={() => q.act(report.id, 'ban_author')}
                disabled={q.busy || !report.post}
                data-testid="report-ban"
              >
                {t('posts.reports.banAuthor')}
              </Button>
            </Stack>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t(`posts.reports.done_${report.action ?? 'dismiss'}`, { name: report.handled_by?.name ?? '' })}
            {report.note ? ` — ${report.note}` : ''}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

/** Tribe settings' reports: the queue by status, actions with a note, and the moderation log. */
export function ReportQueue({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  const q = useReportQueue(tribe.id);
  const action = q.confirming?.action;
  return (
    <Stack spacing={2.5}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={q.status}
        onChange={(_e, v: ReportStatus | null) => v && q.setStatus(v)}
        aria-label={t('posts.reports.status')}
        sx={{ flexWrap: 'wrap' }}
      >
        {STATUSES.map((s) => (
          <ToggleButton key={s} value={s} data-testid={`reports-${s}`}>
            {t(`posts.reports.status_${s}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {q.list.isPending ? (
        <ListSkeleton rows={2} height={120} />
      ) : q.list.isError ? (
        <Alert severity="error" action={<Button onClick={() => void q.list.refetch()}>{t('posts.common.retry')}</Button>}>
          {t('posts.reports.failed')}
        </Alert>
      ) : q.reports.length === 0 ? (
        <EmptyState icon={FlagOutlinedIcon} title={t(`posts.reports.empty_${q.status}`)} headingLevel="h2" />
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label={t('posts.reports.title')}>
          {q.reports.map((r) => (
            <ReportItem key={r.id} report={r} q={q} />
          ))}
        </Stack>
      )}
      <LoadMore
        hasMore={Boolean(q.list.hasNextPage)}
        loading={q.list.isFetchingNextPage}
        onMore={() => void q.list.fetchNextPage()}
      />
      <ModerationLog tribe={tribe} />
      <ConfirmDialog
        open={q.confirming !== null}
        title={action === 'ban_author' ? t('posts.reports.banTitle') : t('posts.reports.deleteTitle')}
        body={action === 'ban_author' ? t('posts.reports.banBody') : t('posts.reports.deleteBody')}
        confirmLabel={action === 'ban_author' ? t('posts.reports.banAuthor') : t('posts.reports.deletePost')}
        onConfirm={q.confirm}
        onClose={q.cancel}
        pending={q.busy}
      />
    </Stack>
  );
}
