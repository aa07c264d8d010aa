import HistoryIcon from '@mui/icons-material/History';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAudit } from '../api';
import { AdminError } from './admin-error';
import { isUuid } from './uuid';
import { useDateText } from './use-date';

/** The audit log, newest first: every operator act with its reason; filtered by actor or target (kept in the URL). */
export function AdminAudit() {
  const { t } = useTranslation();
  const date = useDateText();
  const [params, setParams] = useSearchParams();
  const actor = params.get('actor_id') ?? '';
  const target = params.get('target_id') ?? '';
  const set = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const actorOk = actor === '' || isUuid(actor.trim());
  const targetOk = target === '' || isUuid(target.trim());
  const actorQ = useDebouncedValue(actorOk ? actor.trim() : '', 300);
  const targetQ = useDebouncedValue(targetOk ? target.trim() : '', 300);
  const audit = useAudit(actorQ, targetQ);
  const items = audit.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="search">
        {(
          [
            ['actor_id', actor, actorOk, 'admin.audit.actor'],
            ['target_id', target, targetOk, 'admin.audit.target'],
          ] as const
        ).map(([key, value, valid, label]) => (
          <TextField
            key={key}
            label={t(label)}
            value={value}
            onChange={(e) => set(key, e.target.value)}
            error={!valid}
            helperText={valid ? t('admin.audit.idHelp') : t('admin.common.idInvalid')}
            fullWidth
            slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': `audit-${key}` } }}
          />
        ))}
      </Stack>
      {audit.isPending ? (
        <ListSkeleton rows={4} height={48} />
      ) : audit.isError ? (
        <AdminError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={HistoryIcon} title={t('admin.audit.empty')} />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('admin.nav.audit')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.audit.when')}</TableCell>
                <TableCell>{t('admin.audit.actor')}</TableCell>
                <TableCell>{t('admin.audit.action')}</TableCell>
                <TableCell>{t('admin.audit.target')}</TableCell>
                <TableCell>{t('admin.common.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((e) => (
                <TableRow key={e.id} data-testid="audit-entry">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(e.created_at)}</TableCell>
                  <TableCell>
                    <bdi>{e.actor?.name ?? t('admin.audit.system')}</bdi>
                  </TableCell>
                  <TableCell dir="ltr">{e.action}</TableCell>
                  <TableCell dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
                    {e.target_type}
                    {e.target_id ? ` ${e.target_id}` : ''}
                  </TableCell>
                  <TableCell dir="auto" sx={{ minWidth: 160 }}>
                    {e.reason}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <LoadMore hasMore={audit.hasNextPage} loading={audit.isFetchingNextPage} onMore={() => void audit.fetchNextPage()} />
    </Stack>
  );
}
