import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  APPEAL_DECISIONS,
  APPEAL_STATUSES,
  MODERATION_LIMITS,
  type AdminAppeal,
  type AppealDecision,
  type AppealStatus,
} from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { useAdminAppeals, useDecideAppeal } from '../api';
import { actError, AdminError } from './admin-error';
import { ReasonDialog } from './reason-dialog';
import { SnapshotView } from './snapshot-view';
import { useDateText } from './use-date';

/** Members' appeals: read the notice and the member's text, then uphold or overturn it with a note. */
export function AdminAppeals() {
  const { t } = useTranslation();
  const date = useDateText();
  const [status, setStatus] = useState<AppealStatus>('open');
  const appeals = useAdminAppeals(status);
  const decide = useDecideAppeal();
  const [asking, setAsking] = useState<{ appeal: AdminAppeal; decision: AppealDecision } | null>(null);
  const items = appeals.data?.pages.flatMap((p) => p.items) ?? [];
  const close = () => {
    setAsking(null);
    decide.reset();
  };
  return (
    <Stack spacing={2}>
      <Tabs
        value={status}
        onChange={(_, v: AppealStatus) => setStatus(v)}
        aria-label={t('admin.appeals.filter')}
        variant="scrollable"
      >
        {APPEAL_STATUSES.map((s) => (
          <Tab key={s} value={s} label={t(`moderation.appealStatus.${s}`)} />
        ))}
      </Tabs>
      {appeals.isPending ? (
        <ListSkeleton rows={3} height={140} />
      ) : appeals.isError ? (
        <AdminError error={appeals.error} onRetry={() => void appeals.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={GavelOutlinedIcon} title={t('admin.appeals.empty')} />
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((a) => (
            <li key={a.id}>
              <Paper variant="outlined" sx={{ p: 2 }} data-testid="admin-appeal">
                <Stack spacing={1.5}>
                  <Typography variant="body2" color="text.secondary">
                    <bdi>{a.user.name}</bdi> · {t(`moderation.kind.${a.notice.kind}`)} · {date(a.created_at)}
                  </Typography>
                  <Typography variant="body2" dir="auto">
                    <strong>{t('admin.appeals.noticeReason')}:</strong> <bdi>{a.notice.reason}</bdi>
                  </Typography>
                  <SnapshotView snapshot={a.notice.snapshot} />
                  <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap' }}>
                    <strong>{t('admin.appeals.text')}:</strong> <bdi>{a.text}</bdi>
                  </Typography>
                  {a.status === 'open' ? (
                    <Stack direction="row" spacing={1}>
                      {APPEAL_DECISIONS.map((d) => (
                        <Button
                          key={d}
                          size="small"
                          variant={d === 'overturn' ? 'contained' : 'outlined'}
                          onClick={() => setAsking({ appeal: a, decision: d })}
                          data-testid={`appeal-${d}`}
                        >
                          {t(`admin.appeals.${d}`)}
                        </Button>
                      ))}
                    </Stack>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {t(`moderation.appealStatus.${a.status}`)}
                      {a.decided_by && (
                        <>
                          {' · '}
                          <bdi>{a.decided_by.name}</bdi>
                        </>
                      )}
                      {a.note && (
                        <>
                          {' · '}
                          <bdi>{a.note}</bdi>
                        </>
                      )}
                    </Typography>
                  )}
                </Stack>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
      <LoadMore hasMore={appeals.hasNextPage} loading={appeals.isFetchingNextPage} onMore={() => void appeals.fetchNextPage()} />
      <ReasonDialog
        open={asking !== null}
        title={asking ? t(`admin.appeals.confirm.${asking.decision}`, { name: asking.appeal.user.name }) : ''}
        confirmLabel={asking ? t(`admin.appeals.${asking.decision}`) : ''}
        fieldLabel={t('admin.appeals.note')}
        maxLength={MODERATION_LIMITS.noteMax}
        destructive={false}
        pending={decide.isPending}
        error={actError(decide.error)}
        onSubmit={(v) =>
          asking && decide.mutate({ id: asking.appeal.id, decision: asking.decision, note: v.reason }, { onSuccess: close })
        }
        onClose={close}
      />
    </Stack>
  );
}
