import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminTribe } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useTribeSuspension } from '../api';
import { actError, AdminError } from './admin-error';
import { ReasonDialog } from './reason-dialog';
import { useDateText } from './use-date';

/**
 * Suspends or lifts a tribe by its id (the contract has no list of tribes for the console: the id is
 * on the user detail's tribes, the audit log and the reports' snapshots).
 */
export function AdminTribes() {
  const { t } = useTranslation();
  const date = useDateText();
  const [id, setId] = useState('');
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState<'suspend' | 'unsuspend' | null>(null);
  const [done, setDone] = useState<AdminTribe | null>(null);
  const act = useTribeSuspension();
  const trimmed = id.trim();
  const valid = /^[A-Za-z0-9_-]{1,120}$/.test(trimmed);
  const open = (which: 'suspend' | 'unsuspend') => {
    setTouched(true);
    if (!valid) return;
    setDone(null);
    act.reset();
    setAsking(which);
  };
  const close = () => {
    setAsking(null);
    if (!act.isError) act.reset();
  };
  const forbidden = act.error instanceof ApiError && act.error.status === 403;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('admin.tribes.help')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
        <TextField
          label={t('admin.tribes.id')}
          value={id}
          onChange={(e) => setId(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !valid}
          helperText={touched && !valid ? t('admin.tribes.refInvalid') : t('admin.tribes.refHelp')}
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'admin-tribe-id' } }}
        />
        <Button
          variant="contained"
          color="error"
          onClick={() => open('suspend')}
          sx={{ flexShrink: 0, mt: { sm: 1 } }}
          data-testid="admin-tribe-suspend"
        >
          {t('admin.tribes.suspend')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => open('unsuspend')}
          sx={{ flexShrink: 0, mt: { sm: 1 } }}
          data-testid="admin-tribe-unsuspend"
        >
          {t('admin.tribes.unsuspend')}
        </Button>
      </Stack>
      {forbidden && <AdminError error={act.error} />}
      {done && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Alert severity="success" data-testid="admin-tribe-done">
            <bdi>{done.name}</bdi> (<bdi>{done.slug}</bdi>) ·{' '}
            {done.suspension
              ? t('admin.tribes.nowSuspended', { date: date(done.suspension.since) })
              : t('admin.tribes.nowActive')}
          </Alert>
        </Paper>
      )}
      <ReasonDialog
        open={asking !== null}
        title={asking ? t(`admin.tribes.${asking}Title`) : ''}
        body={asking === 'suspend' ? t('admin.tribes.suspendBody') : undefined}
        confirmLabel={asking ? t(`admin.tribes.${asking}`) : ''}
        destructive={asking === 'suspend'}
        pending={act.isPending}
        error={forbidden ? null : actError(act.error)}
        onSubmit={(v) =>
          asking &&
          act.mutate(
            { ref: trimmed, suspend: asking === 'suspend', reason: v.reason },
            {
              onSuccess: (tribe) => {
                setDone(tribe);
                setAsking(null);
                act.reset();
              },
              onError: (e) => {
                if (e instanceof ApiError && e.status === 403) setAsking(null);
              },
            },
          )
        }
        onClose={close}
      />
    </Stack>
  );
}
