import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../components/hint';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useUnreadTotal } from '../api';
import { useMessagesLive } from '../use-messages-live';

const PREFIX = /^\(\d+\) /;

/** Keeps "(n) " before the tab's title while n messages are unread, whatever title the page sets. */
function useTitleCount(count: number): void {
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(PREFIX, '');
      const next = count > 0 ? `(${count}) ${base}` : base;
      if (document.title !== next) document.title = next;
    };
    apply();
    const title = document.querySelector('title');
    if (!title || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(apply);
    observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(PREFIX, '');
    };
  }, [count]);
}

/** The header's messages icon (phone and desktop): the unread count, live, and in the tab's title. */
export function MessagesButton() {
  const { t } = useTranslation();
  useMessagesLive();
  const unread = useUnreadTotal();
  useTitleCount(unread);
  return (
    <Hint title={t('messages.title')}>
      <IconButton
        color="inherit"
        component={RouterLocaleLink}
        to="/messages"
        aria-label={t('messages.shell.label', { count: unread })}
        data-testid="messages-button"
        data-unread={unread}
      >
        <Badge badgeContent={unread} color="error" max={99} data-testid="messages-count">
          <ChatBubbleOutlineIcon />
        </Badge>
      </IconButton>
    </Hint>
  );
}
