import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationType,
  type QuietHours,
} from '@tribes/shared';
import { fieldErrorsTo } from '../../../lib/field-errors';
import { useSession } from '../../../lib/session/session-store';
import { useDigestPreview, useMe, useSaveSettings } from '../api';

/**
 * The channels a member switches per type; push reaches the devices where it is on: `pushDevice`, the
 * page's slot for this device's push switch (the push feature's PushDeviceSetting).
 */
const CHANNELS: NotificationChannel[] = ['in_app', 'email', 'push'];
const COLUMNS = '1fr repeat(3, minmax(3.5rem, 4.5rem))';

/** The browser's time zone, the default of quiet hours. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Notification settings (DESIGN 10.3): for each type, in the app and by email, each saved as it
 * changes (PATCH /v1/me/settings); then quiet hours, during which mail waits.
 */
export function NotificationSwitches({ pushDevice }: { pushDevice?: ReactNode }) {
  const { t } = useTranslation();
  const { userData } = useSession();
  // Read fresh: a mail's unsubscribe link may have changed a switch since this device stored the user.
  useMe();
  const save = useSaveSettings();
  const current = userData?.settings?.notifications ?? DEFAULT_NOTIFICATION_SETTINGS;
  const canMail = Boolean(userData?.email && userData.email_verified);
  const set = (type: NotificationType, channel: NotificationChannel, on: boolean) =>
    save.mutate({ notifications: { [type]: { [channel]: on } } });

  return (
    <>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }} id="notifications-heading">
        {t('settings.personal.notifications')}
      </Typography>
      {!canMail && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="notify-no-email">
          {t('settings.personal.noEmail')}
        </Alert>
      )}
      {pushDevice}
      <Box role="group" aria-labelledby="notifications-heading" data-testid="notification-settings">
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            gridTemplateColumns: COLUMNS,
            color: 'text.secondary',
            typography: 'body2',
            textAlign: 'center',
            pb: 0.5,
          }}
        >
          <span />
          {CHANNELS.map((c) => (
            <span key={c}>{t(`settings.personal.channel.${c}`)}</span>
          ))}
        </Box>
        {NOTIFICATION_TYPES.map((type) => (
          <Box
            key={type}
            sx={{
              display: 'grid',
              gridTemplateColumns: COLUMNS,
              alignItems: 'center',
              py: 1,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Box>
              <Typography id={`notify-${type}`}>{t(`settings.personal.notify.${type}`)}</Typography>
              <Typography id={`notify-${type}-help`} variant="body2" color="text.secondary">
                {t(`settings.personal.notifyHelp.${type}`)}
              </Typography>
            </Box>
            {CHANNELS.map((channel) => (
              <Box key={channel} sx={{ display: 'flex', justifyContent: 'center' }}>
                <Switch
                  checked={current[type][channel]}
                  disabled={save.isPending || (channel === 'email' && !canMail)}
                  onChange={(e) => set(type, channel, e.target.checked)}
                  slotProps={{
                    input: {
                      'aria-label': t('settings.personal.channelLabel', {
                        type: t(`settings.personal.notify.${type}`),
                        channel: t(`settings.personal.channel.${channel}`),
                      }),
                      'aria-describedby': `notify-${type}-help`,
                    },
                  }}
                  data-testid={`notify-${type}-${channel}`}
                />
              </Box>
            ))}
          </Box>
        ))}
      </Box>
      <DigestSetting on={userData?.settings?.digest === 'weekly'} canMail={canMail} />
      <QuietHoursForm value={userData?.settings?.quiet_hours ?? null} />
    </>
  );
}

/** The weekly digest by email, and a preview of this week's in a dialog (the mail's own HTML, sandboxed). */
function DigestSetting({ on, canMail }: { on: boolean; canMail: boolean }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const [open, setOpen] = useState(false);
  const preview = useDigestPreview(open);
  return (
    <Box component="section" aria-labelledby="digest-heading" sx={{ mt: 3 }}>
      <Typography variant="h3" id="digest-heading" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t('settings.personal.digest.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('settings.personal.digest.help')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={on}
              disabled={save.isPending || !canMail}
              onChange={(e) => save.mutate({ digest: e.target.checked ? 'weekly' : 'off' })}
              data-testid="digest-toggle"
            />
          }
          label={t('settings.personal.digest.on')}
        />
        <Button variant="outlined" onClick={() => setOpen(true)} data-testid="digest-preview">
          {t('settings.personal.digest.preview')}
        </Button>
      </Stack>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby="digest-preview-title">
        <DialogTitle id="digest-preview-title">{preview.data?.subject ?? t('settings.personal.digest.preview')}</DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          {preview.isPending ? (
            <Skeleton variant="rectangular" height={360} />
          ) : preview.data ? (
            <iframe
              title={t('settings.personal.digest.preview')}
              sandbox=""
              srcDoc={preview.data.html}
              style={{ border: 0, width: '100%', height: '60vh', display: 'block' }}
              data-testid="digest-preview-frame"
            />
          ) : (
            <Alert severity="error" sx={{ m: 2 }}>
              {t('settings.personal.digest.error')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('settings.personal.digest.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** Quiet hours: mail (and push) wait until they end; the bell in the app does not. */
function QuietHoursForm({ value }: { value: QuietHours | null }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const [on, setOn] = useState(value !== null);
  const [saved, setSaved] = useState(false);
  const defaults = useMemo(() => value ?? { from: '22:00', to: '07:00', tz: browserZone() }, [value]);
  const form = useForm<QuietHours>({ defaultValues: defaults });
  useEffect(() => form.reset(defaults), [defaults, form]);
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) => {
    setSaved(false);
    save.mutate(
      { quiet_hours: body, onFieldErrors: (errs) => fieldErrorsTo(form.setError, ['from', 'to', 'tz'])(strip(errs)) },
      { onSuccess: () => setSaved(true) },
    );
  });
  const toggle = (next: boolean) => {
    setOn(next);
    setSaved(false);
    if (!next && value) save.mutate({ quiet_hours: null });
  };

  return (
    <Box component="section" aria-labelledby="quiet-heading" sx={{ mt: 3 }}>
      <Typography variant="h3" id="quiet-heading" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t('settings.personal.quiet.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('settings.personal.quiet.help')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={on} onChange={(e) => toggle(e.target.checked)} data-testid="quiet-toggle" />}
        label={t('settings.personal.quiet.on')}
      />
      {on && (
        <Stack component="form" noValidate onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          {(['from', 'to'] as const).map((name) => (
            <TextField
              key={name}
              id={`quiet-${name}`}
              type="time"
              label={t(`settings.personal.quiet.${name}`)}
              {...form.register(name)}
              error={Boolean(errors[name])}
              helperText={errors[name]?.message}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
              sx={{ minWidth: 130 }}
            />
          ))}
          <TextField
            id="quiet-tz"
            label={t('settings.personal.quiet.tz')}
            {...form.register('tz')}
            error={Boolean(errors.tz)}
            helperText={errors.tz?.message}
            slotProps={{ htmlInput: { dir: 'ltr', list: 'quiet-zones' } }}
            sx={{ flexGrow: 1 }}
          />
          <datalist id="quiet-zones">
            {zones().map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="quiet-save" sx={{ mt: 1 }}>
              {t('settings.personal.quiet.save')}
            </Button>
          </Box>
        </Stack>
      )}
      {saved && (
        <Typography role="status" variant="body2" color="success.main" sx={{ mt: 1 }}>
          {t('settings.personal.quiet.saved')}
        </Typography>
      )}
    </Box>
  );
}

/** The server names quiet hours' fields `quiet_hours.from`; the form names them `from`. */
function strip(errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^quiet_hours\./, ''), v]));
}

function zones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
}
