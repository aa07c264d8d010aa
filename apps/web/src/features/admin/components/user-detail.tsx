import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useAdminUser, useSuspendUser, useUnsuspendUser } from '../api';
import { actError, AdminError } from './admin-error';
import { ReasonDialog } from './reason-dialog';
import { useDateText } from './use-date';

/** One person in the console: who they are, their tribes, their moderation history; suspend or lift it. */
export function AdminUserDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const date = useDateText();
  const detail = useAdminUser(id);
  const suspend = useSuspendUser(id);
  const unsuspend = useUnsuspendUser(id);
  const [asking, setAsking] = useState<'suspend' | 'unsuspend' | null>(null);
  if (detail.isPending) return <ListSkeleton rows={3} />;
  if (detail.isError) return <AdminError error={detail.error} onRetry={() => void detail.refetch()} />;
  const { user, tribes, notices, history } = detail.data;
  const suspended = user.status === 'suspended';
  const close = () => {
    setAsking(null);
    suspend.reset();
    unsuspend.reset();
  };
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Typography variant="h2" sx={{ fontSize: '1.3rem', fontWeight: 700 }} data-testid="admin-user-name">
              <bdi>{user.name}</bdi>
            </Typography>
            <Chip
              size="small"
              color={suspended ? 'error' : 'success'}
              label={t(`admin.users.statuses.${user.status}`)}
              data-testid="admin-user-status-chip"
            />
            {user.platform_role === 'operator' && <Chip size="small" color="primary" label={t('admin.users.operator')} />}
          </Stack>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <bdi>{[user.email, user.phone].filter(Boolean).join(' · ')}</bdi>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('admin.users.joined', { date: date(user.created_at) })}
            {' · '}
            {user.last_seen_at ? t('admin.users.lastSeen', { date: date(user.last_seen_at) }) : t('admin.users.neverSeen')}
          </Typography>
          {user.suspension && (
            <Alert severity="warning">
              {user.suspension.until
                ? t('admin.users.suspendedUntil', { date: date(user.suspension.until) })
                : t('admin.users.suspendedIndefinitely')}
              {' — '}
              <bdi>{user.suspension.reason}</bdi>
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            {suspended ? (
              <Button variant="outlined" onClick={() => setAsking('unsuspend')} data-testid="admin-unsuspend">
                {t('admin.users.unsuspend')}
              </Button>
            ) : (
              <Button variant="contained" color="error" onClick={() => setAsking('suspend')} data-testid="admin-suspend">
                {t('admin.users.suspend')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>

      <section>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700, mb: 1 }}>
          {t('admin.users.tribes')}
        </Typography>
        {tribes.length === 0 ? (
          <Typography color="text.secondary">{t('admin.users.noTribes')}</Typography>
        ) : (
          <Paper variant="outlined">
            <List dense>
              {tribes.map((tribe) => (
                <ListItem key={tribe.id}>
                  <ListItemText
                    primary={<bdi>{tribe.name}</bdi>}
                    secondary={`${tribe.role} · ${tribe.status} · ${tribe.id}`}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </section>

      <section>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700, mb: 1 }}>
          {t('admin.users.history')}
        </Typography>
        {notices.length === 0 && history.length === 0 ? (
          <Typography color="text.secondary">{t('admin.users.noHistory')}</Typography>
        ) : (
          <Paper variant="outlined">
            <List dense>
              {notices.map((n) => (
                <ListItem key={`n-${n.id}`}>
                  <ListItemText
                    primary={`${t(`moderation.kind.${n.kind}`)} · ${t(`moderation.appealStatus.${n.appeal.status}`)}`}
                    secondary={
                      <>
                        <bdi>{n.reason}</bdi> · {date(n.created_at)}
                      </>
                    }
                  />
                </ListItem>
              ))}
              {history.map((h) => (
                <ListItem key={`h-${h.id}`}>
                  <ListItemText
                    primary={
                      <>
                        {h.action} · <bdi>{h.actor?.name ?? t('admin.audit.system')}</bdi>
                      </>
                    }
                    secondary={
                      <>
                        <bdi>{h.reason}</bdi> · {date(h.created_at)}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
        <Button component={RouterLocaleLink} to={`/admin/audit?target_id=${user.id}`} sx={{ mt: 1 }}>
          {t('admin.users.auditLink')}
        </Button>
      </section>

      <ReasonDialog
        open={asking === 'suspend'}
        title={t('admin.users.suspendTitle', { name: user.name })}
        body={t('admin.users.suspendBody')}
        confirmLabel={t('admin.users.suspend')}
        withUntil
        pending={suspend.isPending}
        error={actError(suspend.error)}
        onSubmit={(v) => suspend.mutate({ reason: v.reason, until: v.until }, { onSuccess: close })}
        onClose={close}
      />
      <ReasonDialog
        open={asking === 'unsuspend'}
        title={t('admin.users.unsuspendTitle', { name: user.name })}
        confirmLabel={t('admin.users.unsuspend')}
        destructive={false}
        pending={unsuspend.isPending}
        error={actError(unsuspend.error)}
        onSubmit={(v) => unsuspend.mutate({ reason: v.reason }, { onSuccess: close })}
        onClose={close}
      />
    </Stack>
  );
}
