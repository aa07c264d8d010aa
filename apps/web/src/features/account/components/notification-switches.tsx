import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_TYPES } from '@tribes/shared';
import { useSession } from '../../auth/session-store';
import { useSaveSettings } from '../api';

/** Notification switches, each saved as it changes (PUT /v1/me/settings). */
export function NotificationSwitches() {
  const { t } = useTranslation();
  const { userData } = useSession();
  const save = useSaveSettings();
  const current = userData?.settings?.notifications ?? DEFAULT_NOTIFICATION_SETTINGS;
  return (
    <>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }} id="notifications-heading">
        {t('settings.personal.notifications')}
      </Typography>
      <FormGroup aria-labelledby="notifications-heading">
        {NOTIFICATION_TYPES.map((key) => (
          <FormControlLabel
            key={key}
            control={
              <Switch
                checked={current[key].in_app}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ notifications: { [key]: { in_app: e.target.checked } } })}
                slotProps={{ input: { 'aria-describedby': `notify-${key}-help` } }}
              />
            }
            label={
              <span>
                {t(`settings.personal.notify.${key}`)}
                <Typography
                  id={`notify-${key}-help`}
                  component="span"
                  variant="body2"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                >
                  {t(`settings.personal.notifyHelp.${key}`)}
                </Typography>
              </span>
            }
            sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiSwitch-root': { mt: -0.5 } }}
          />
        ))}
      </FormGroup>
    </>
  );
}
