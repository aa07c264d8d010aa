import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../use-notifications';
import { NotificationList, notificationText } from './notification-list';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { Hint } from '../../../components/hint';
import { useOpenedOnce } from '../../../lib/use-opened-once';

/** The header's bell: unread count, and the notifications in a panel (live from the user's channel). */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const titleId = useId();
  const n = useNotifications();
  const close = () => setAnchor(null);
  // The panel mounts when first opened, not in the commit that shows the header of every page.
  const mounted = useOpenedOnce(Boolean(anchor));
  // The panel opens toward the page, from the bell at the end of the header (right in ltr, left in rtl).
  const end = useTheme().direction === 'rtl' ? 'left' : 'right';
  const label = t('realtime.bell.labelUnread', { count: n.unread });

  return (
    <>
      <Box component="span" aria-live="polite" sx={visuallyHidden} data-testid="notification-announce">
        {n.latest ? notificationText(t, n.latest, i18n.language) : ''}
      </Box>
      <Hint title={t('realtime.bell.label')}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : 'false'}
          aria-controls={anchor ? panelId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="notification-bell"
          data-unread={n.unread}
        >
          <Badge badgeContent={n.unread} color="error" max={99} data-testid="notification-count">
            <NotificationsNoneOutlinedIcon />
          </Badge>
        </IconButton>
      </Hint>
      {mounted && (
        <Popover
          open={Boolean(anchor)}
          anchorEl={anchor}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: end }}
          transformOrigin={{ vertical: 'top', horizontal: end }}
          slotProps={{
            paper: {
              id: panelId,
              role: 'dialog',
              'aria-labelledby': titleId,
              sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: '70vh', display: 'flex', flexDirection: 'column' },
            },
          }}
        >
          <Stack direction="row" alignItems="center" sx={{ px: 2, py: 1, gap: 1 }}>
            <Typography id={titleId} variant="subtitle1" component="h2" sx={{ flexGrow: 1, fontWeight: 600 }}>
              {t('realtime.bell.title')}
            </Typography>
            <Button size="small" onClick={n.markAll} disabled={n.unread === 0 || n.marking} data-testid="mark-all-read">
              {t('realtime.bell.markAll')}
            </Button>
          </Stack>
          <Divider />
          <Box sx={{ overflowY: 'auto' }}>
            {n.isLoading ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
                <CircularProgress size={24} aria-label={t('realtime.bell.title')} />
              </Box>
            ) : n.isError ? (
              <Typography sx={{ p: 2 }} color="error">
                {t('realtime.bell.error')}
              </Typography>
            ) : n.items.length === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {t('realtime.bell.empty')}
              </Typography>
            ) : (
              <NotificationList
                items={n.items}
                onOpen={(item) => {
                  if (!item.read) n.markOne(item.id);
                  close();
                }}
              />
            )}
            {n.hasMore && (
              <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
                <Button size="small" onClick={n.loadMore} disabled={n.loadingMore}>
                  {t('realtime.bell.more')}
                </Button>
              </Box>
            )}
          </Box>
        </Popover>
      )}
    </>
  );
}
