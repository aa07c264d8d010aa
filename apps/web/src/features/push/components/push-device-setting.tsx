import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePushDevice } from '../use-push-device';

/** Push on this browser: the switch asks the browser's permission (only on the member's click). */
export function PushDeviceSetting() {
  const { t } = useTranslation();
  const device = usePushDevice();
  return (
    <Box component="section" aria-labelledby="push-device-heading" sx={{ mb: 2 }} data-testid="push-device">
      <Typography variant="h3" id="push-device-heading" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t('push.device.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id="push-device-help">
        {t('push.device.help')}
      </Typography>
      {device.state === 'loading' ? (
        <Skeleton width={220} height={38} />
      ) : device.state === 'unsupported' ? (
        <Alert severity="info" data-testid="push-device-unsupported">
          {t('push.device.unsupported')}
        </Alert>
      ) : (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={device.state === 'on'}
                disabled={device.busy || device.state === 'denied'}
                onChange={(e) => void device.change(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'push-device-help' } as object }}
                data-testid="push-device-toggle"
              />
            }
            label={t('push.device.on')}
          />
          {device.state === 'denied' && (
            <Alert severity="warning" data-testid="push-device-denied">
              {t('push.device.denied')}
            </Alert>
          )}
        </>
      )}
      {device.failed && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {t('push.device.failed')}
        </Alert>
      )}
    </Box>
  );
}
