import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../lib/external-store';
import { dismissPushOffer, pushOfferStore } from '../../../lib/push/push-offer';
import { usePushOfferAnswer } from '../use-push-device';

/**
 * The offer to get notifications on this device, shown at the top of the page after a meaningful action
 * (push-offer.ts), in the flow of the page so it never covers what the member was doing. The
 * browser's permission prompt comes only from "Turn on". Turning on with no type set to push switches
 * push on for the types the member already follows in the app.
 */
export function PushOffer() {
  const { t } = useTranslation();
  const open = useStore(pushOfferStore);
  const { busy, turnOn } = usePushOfferAnswer();
  return (
    <Collapse in={open} mountOnEnter unmountOnExit>
      <Paper
        role="region"
        aria-labelledby="push-offer-title"
        variant="outlined"
        data-testid="push-offer"
        sx={{ p: 2, mb: 2, maxWidth: 720, mx: 'auto', borderColor: 'primary.main' }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <NotificationsActiveOutlinedIcon color="primary" sx={{ mt: 0.25 }} />
          <Stack spacing={1} sx={{ flex: 1 }}>
            <Typography id="push-offer-title" sx={{ fontWeight: 600 }}>
              {t('push.offer.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('push.offer.body')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={dismissPushOffer} disabled={busy} data-testid="push-offer-later">
                {t('push.offer.later')}
              </Button>
              <Button variant="contained" onClick={() => void turnOn()} disabled={busy} data-testid="push-offer-accept">
                {t('push.offer.accept')}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </Paper>
    </Collapse>
  );
}
