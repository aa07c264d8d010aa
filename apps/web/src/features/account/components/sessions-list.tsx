import DevicesOutlinedIcon from '@mui/icons-material/DevicesOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRevokeSession, useSessions, useSignOutOtherDevices } from '../api';

/**
 * The devices signed in to the account (GET /v1/me/sessions), named from their browser and system
 * ("Chrome on Android"), this one marked; each removable but the current one, and all the others at
 * once (DELETE /v1/me/sessions) after a confirmation.
 */
export function SessionsList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const signOutOthers = useSignOutOtherDevices();
  const [confirming, setConfirming] = useState(false);
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('settings.personal.sessions')}
      </Typography>
      {sessions.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : (
        <List disablePadding>
          {(sessions.data ?? []).map((s) => (
            <ListItem
              key={s.id}
              divider
              disableGutters
              // The action wraps under the dates on a phone rather than squeezing them into a narrow column.
              sx={{ flexWrap: 'wrap', columnGap: 1, '&:last-of-type': { borderBottom: 0 } }}
              data-testid="session-row"
            >
              <ListItemIcon>
                <DevicesOutlinedIcon />
              </ListItemIcon>
              <ListItemText
                primary={<span dir="auto">{s.name ?? s.device_name ?? t('settings.personal.unknownDevice')}</span>}
                secondary={t('settings.personal.sessionDates', {
                  created: format.format(new Date(s.created_at)),
                  used: s.last_used_at ? format.format(new Date(s.last_used_at)) : '—',
                })}
                sx={{ flex: '1 1 200px', minWidth: 0 }}
              />
              {s.current ? (
                <Chip label={t('settings.personal.thisDevice')} color="primary" size="small" sx={{ marginInlineStart: 'auto' }} />
              ) : (
                <Button
                  size="small"
                  color="error"
                  onClick={() => revoke.mutate(s.id)}
                  disabled={revoke.isPending}
                  sx={{ marginInlineStart: 'auto' }}
                >
                  {t('settings.personal.signOutDevice')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {others > 0 && (
        <Button
          variant="outlined"
          color="error"
          onClick={() => setConfirming(true)}
          disabled={signOutOthers.isPending}
          sx={{ mt: 2 }}
          data-testid="sign-out-others"
        >
          {t('devices.signOutOthers')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('devices.confirmTitle')}
        body={t('devices.confirmBody')}
        confirmLabel={t('devices.signOutOthers')}
        onConfirm={() => void signOutOthers.mutateAsync().finally(() => setConfirming(false))}
        onClose={() => setConfirming(false)}
        pending={signOutOthers.isPending}
      />
    </>
  );
}
