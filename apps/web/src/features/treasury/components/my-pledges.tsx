import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Pledge } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useMoneyFormat } from '../../../lib/money-format';
import { useChangePledge, useMyPledges } from '../api';

/** My monthly gifts in the wallet settings: what, how much, when next; pause, resume, skip a month, cancel (confirmed). */
export function MyPledges() {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const q = useMyPledges();
  const change = useChangePledge();
  const [cancelling, setCancelling] = useState<Pledge | null>(null);
  const live = (q.data ?? []).filter((p) => p.status !== 'cancelled');
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="pledges-title">
      <Typography id="pledges-title" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
        {t('treasury.pledges.title')}
      </Typography>
      {q.isPending ? (
        <ListSkeleton rows={1} height={80} />
      ) : live.length === 0 ? (
        <EmptyState
          icon={EventRepeatOutlinedIcon}
          title={t('treasury.pledges.empty')}
          body={t('treasury.pledges.emptyBody')}
          headingLevel="h3"
        />
      ) : (
        live.map((p) => (
          <Paper key={p.id} variant="outlined" sx={{ p: 2 }} data-testid="pledge">
            <Stack spacing={1}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 700 }} dir="auto">
                  {t('treasury.pledges.line', { amount: f.tokens(p.amount), name: p.target_name, day: p.day_of_month })}
                </Typography>
                <Chip
                  size="small"
                  label={t(`treasury.pledges.status.${p.status}`)}
                  color={p.status === 'active' ? 'success' : 'default'}
                />
              </Stack>
              {p.next_run_at && (
                <Typography variant="body2" color="text.secondary">
                  {t('treasury.pledges.next', { date: f.date(p.next_run_at) })}
                  {p.failures > 0 && ` ${t('treasury.pledges.retrying')}`}
                </Typography>
              )}
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ id: p.id, change: { status: p.status === 'active' ? 'paused' : 'active' } })}
                  data-testid="pledge-pause"
                >
                  {p.status === 'active' ? t('treasury.pledges.pause') : t('treasury.pledges.resume')}
                </Button>
                {p.status === 'active' && (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={change.isPending}
                    onClick={() => change.mutate({ id: p.id, change: { skip_next: true } })}
                  >
                    {t('treasury.pledges.skip')}
                  </Button>
                )}
                <Button
                  size="small"
                  color="error"
                  disabled={change.isPending}
                  onClick={() => setCancelling(p)}
                  data-testid="pledge-cancel"
                >
                  {t('treasury.pledges.cancel')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
        ))
      )}
      <ConfirmDialog
        open={Boolean(cancelling)}
        title={t('treasury.pledges.cancelTitle')}
        body={cancelling ? t('treasury.pledges.cancelBody', { name: cancelling.target_name }) : ''}
        confirmLabel={t('treasury.pledges.cancel')}
        pending={change.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() =>
          cancelling && change.mutate({ id: cancelling.id, change: 'cancel' }, { onSuccess: () => setCancelling(null) })
        }
      />
    </Stack>
  );
}
