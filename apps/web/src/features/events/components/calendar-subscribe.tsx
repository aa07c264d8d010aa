import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/inputs/text-field';
import { notify } from '../../../components/snackbar/notice-store';
import { useCalendarUrl, useRotateCalendarUrl } from '../api';

/** "Subscribe to my calendar": my private feed's address (asked for only when opened), to copy or replace. */
export function CalendarSubscribe() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const url = useCalendarUrl(open);
  const rotate = useRotateCalendarUrl();
  const copy = async () => {
    if (!url.data) return;
    try {
      await navigator.clipboard.writeText(url.data);
      notify(t('events.feed.copied'), 'success');
    } catch {
      notify(t('events.share.copyFailed'), 'error');
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<EventRepeatOutlinedIcon />}
        onClick={() => setOpen(true)}
        data-testid="calendar-subscribe"
      >
        {t('events.feed.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="feed-title">
        <DialogTitle id="feed-title">{t('events.feed.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('events.feed.body')}</DialogContentText>
          {url.data ? (
            <Stack spacing={1}>
              <TextField
                id="feed-url"
                label={t('events.feed.url')}
                value={url.data}
                helperText={t('events.feed.secret')}
                htmlInput={{ readOnly: true, dir: 'ltr', onFocus: (e) => e.currentTarget.select() }}
              />
            </Stack>
          ) : (
            <Skeleton variant="rounded" height={56} />
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button color="warning" disabled={rotate.isPending || !url.data} onClick={() => rotate.mutate()}>
            {t('events.feed.rotate')}
          </Button>
          <Button onClick={() => setOpen(false)}>{t('events.common.close')}</Button>
          <Button variant="contained" startIcon={<ContentCopyOutlinedIcon />} disabled={!url.data} onClick={() => void copy()}>
            {t('events.feed.copy')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
