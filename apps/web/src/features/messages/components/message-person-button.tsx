import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../../app/navigation';
import { Hint } from '../../../components/hint';
import { useStartConversation } from '../api';

/** "Message" on a member's profile or in a member list: opens (or starts) the direct conversation with them. */
export function MessagePersonButton({ userId, name, compact = false }: { userId: string; name: string; compact?: boolean }) {
  const { t } = useTranslation();
  const start = useStartConversation();
  const open = () =>
    void start.mutateAsync({ member_ids: [userId] }).then(
      (c) => navigateTo(`/messages/${c.id}`),
      () => undefined,
    );
  if (compact)
    return (
      <Hint title={t('messages.person.message', { name })}>
        <IconButton
          aria-label={t('messages.person.message', { name })}
          onClick={open}
          disabled={start.isPending}
          data-testid="message-person"
        >
          <ChatBubbleOutlineIcon />
        </IconButton>
      </Hint>
    );
  return (
    <Button
      variant="outlined"
      startIcon={<ChatBubbleOutlineIcon />}
      onClick={open}
      disabled={start.isPending}
      data-testid="message-person"
    >
      {t('messages.person.button')}
    </Button>
  );
}
