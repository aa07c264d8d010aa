import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { AppEvent } from '@tribes/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/snackbar/notice-store';
import { downloadIcs, googleCalendarUrl } from '../calendar-links';

/** "Add to calendar" (Google's link; Apple and Outlook through the .ics) and "Share" (the system sheet, or copy the link). */
export function ShareActions({ event, where }: { event: AppEvent; where: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pageUrl = window.location.href;
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: event.title, url: pageUrl });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(pageUrl);
      notify(t('events.share.copied'), 'success');
    } catch {
      notify(t('events.share.copyFailed'), 'error');
    }
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        startIcon={<EventAvailableOutlinedIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="add-to-calendar"
      >
        {t('events.calendar.add')}
      </Button>
      <Menu id={`${id}-menu`} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          component="a"
          href={googleCalendarUrl(event, where, pageUrl)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => setAnchor(null)}
        >
          {t('events.calendar.google')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void downloadIcs(event);
          }}
        >
          {t('events.calendar.ics')}
        </MenuItem>
      </Menu>
      <Button variant="outlined" startIcon={<ShareOutlinedIcon />} onClick={() => void share()}>
        {t('events.share.button')}
      </Button>
    </Stack>
  );
}
