import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ADMIN_REPORT_ACTIONS, type AdminReport, type AdminReportAction } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { useAdminReports, useResolveReport } from '../api';
import { actError, AdminError } from './admin-error';
import { ReasonDialog } from './reason-dialog';
import { SnapshotView } from './snapshot-view';
import { useDateText } from './use-date';

/** The operators' report queue: open (oldest first) or closed, each with what was reported and the acts on it. */
export function AdminReports() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const reports = useAdminReports(status);
  const resolve = useResolveReport();
  const [asking, setAsking] = useState<{ report: AdminReport; action: AdminReportAction } | null>(null);
  const items = reports.data?.pages.flatMap((p) => p.items) ?? [];
  const close = () => {
    setAsking(null);
    resolve.reset();
  };
  return (
    <Stack spacing={2}>
      <Tabs value={status} onChange={(_, v: 'open' | 'closed') => setStatus(v)} aria-label={t('admin.reports.filter')}>
        <Tab value="open" label={t('admin.reports.open')} data-testid="reports-open" />
        <Tab value="closed" label={t('admin.reports.closed')} data-testid="reports-closed" />
      </Tabs>
      {reports.isPending ? (
        <ListSkeleton rows={3} height={140} />
      ) : reports.isError ? (
        <AdminError error={reports.error} onRetry={() => void reports.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={FlagOutlinedIcon}
          title={t(status === 'open' ? 'admin.reports.emptyOpen' : 'admin.reports.emptyClosed')}
        />
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} onAct={(action) => setAsking({ report: r, action })} />
            </li>
          ))}
        </Stack>
      )}
      <LoadMore hasMore={reports.hasNextPage} loading={reports.isFetchingNextPage} onMore={() => void reports.fetchNextPage()} />
      <ReasonDialog
        open={asking !== null}
        title={asking ? t(`admin.reports.confirm.${asking.action}`) : ''}
        body={asking ? <SnapshotView snapshot={asking.report.snapshot} /> : undefined}
        confirmLabel={asking ? t(`admin.reports.actions.${asking.action}`) : ''}
        withUntil={asking?.action === 'suspend_author'}
        destructive={asking?.action !== 'dismiss'}
        pending={resolve.isPending}
        error={actError(resolve.error)}
        onSubmit={(v) =>
          asking &&
          resolve.mutate({ id: asking.report.id, action: asking.action, reason: v.reason, until: v.until }, { onSuccess: close })
        }
        onClose={close}
      />
    </Stack>
  );
}

function ReportCard({ report: r, onAct }: { report: AdminReport; onAct(action: AdminReportAction): void }) {
  const { t } = useTranslation();
  const date = useDateText();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="admin-report">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" label={t(`admin.targetType.${r.target_type}`)} />
          {r.escalated_at && <Chip size="small" color="warning" label={t('admin.reports.escalated')} />}
          {r.status !== 'open' && <Chip size="small" label={t(`admin.reports.statuses.${r.status}`)} />}
          <Typography variant="body2" color="text.secondary">
            {date(r.created_at)}
          </Typography>
        </Stack>
        <Typography variant="body2">
          {t('admin.reports.by')} <bdi>{r.reporter.name}</bdi>
          {r.tribe && (
            <>
              {' · '}
              {t('admin.reports.inTribe')} <bdi>{r.tribe.name}</bdi>
            </>
          )}
        </Typography>
        <Typography variant="body2" dir="auto">
          <strong>{t('admin.common.reason')}:</strong> <bdi>{r.reason}</bdi>
        </Typography>
        {r.escalation_note && (
          <Typography variant="body2" dir="auto">
            <strong>{t('admin.reports.escalationNote')}:</strong> <bdi>{r.escalation_note}</bdi>
          </Typography>
        )}
        <SnapshotView snapshot={r.snapshot} />
        {r.status === 'open' ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {ADMIN_REPORT_ACTIONS.map((action) => (
              <Button
                key={action}
                size="small"
                variant={action === 'dismiss' ? 'outlined' : 'contained'}
                color={action === 'dismiss' ? 'primary' : action === 'warn' ? 'warning' : 'error'}
                onClick={() => onAct(action)}
                data-testid={`report-${action}`}
              >
                {t(`admin.reports.actions.${action}`)}
              </Button>
            ))}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {r.action ? t(`admin.reports.actions.${r.action}`, { defaultValue: r.action }) : ''}
            {r.handled_by && (
              <>
                {' · '}
                <bdi>{r.handled_by.name}</bdi>
              </>
            )}
            {r.handled_at && ` · ${date(r.handled_at)}`}
            {r.note && (
              <>
                {' · '}
                <bdi>{r.note}</bdi>
              </>
            )}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
