import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import { useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SWIPE_DISMISS_PX } from '../../app/config';
import { useStore } from '../../lib/external-store';
import { dismissNotice, noticeStore, type NoticeColor } from './notice-store';

const BG: Record<NoticeColor, string> = {
  primary: 'primary.main',
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  info: 'info.main',
};

/** The top snackbar of the shell: 2 s per word, an X button, and a swipe over 50 px dismisses it. */
export default function TopSnackbar() {
  const notice = useStore(noticeStore);
  const { t } = useTranslation();
  const start = useRef<{ x: number; y: number } | null>(null);

  const handlePointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY };
  };
  const handlePointerMove = (e: PointerEvent) => {
    if (!start.current) return;
    const distance = Math.hypot(e.clientX - start.current.x, e.clientY - start.current.y);
    if (distance > SWIPE_DISMISS_PX) {
      start.current = null;
      dismissNotice();
    }
  };
  const handlePointerEnd = () => {
    start.current = null;
  };

  return (
    <Snackbar
      key={notice.id}
      open={notice.show}
      autoHideDuration={notice.timeoutDuration}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismissNotice();
      }}
      sx={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <SnackbarContent
        data-testid="snackbar"
        data-color={notice.color}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerEnd}
        onPointerCancel={handlePointerEnd}
        sx={{ bgcolor: BG[notice.color], color: `${notice.color}.contrastText`, touchAction: 'pan-y', flexWrap: 'nowrap' }}
        message={<span dir="auto">{notice.message}</span>}
        action={
          <IconButton size="small" color="inherit" aria-label={t('common.close')} onClick={dismissNotice}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      />
    </Snackbar>
  );
}
