import DevicesOutlinedIcon from '@mui/icons-material/DevicesOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { useRevokeSession, useSessions } from '../api';

/** The devices signed in to the account (GET /v1/me/sessions), each removable but the current one. */
export function SessionsList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const sessions = useSessions();
  const revoke = useRevokeSession();
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
                primary={<span dir="auto">{s.device_name ?? t('settings.personal.unknownDevice')}</span>}
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
    </>
  );
}
