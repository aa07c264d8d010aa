import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../../app/navigation';
import { EmptyState } from '../../../components/empty-state';
import { usePageTitle } from '../../../lib/use-page-title';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { ConversationList } from './conversation-list';
import { NewConversationDialog } from './new-conversation-dialog';
import { Thread } from './thread';

/**
 * /messages and /messages/{id}: the list and the open thread side by side from md up; on a phone one
 * at a time (the thread with a way back to the list).
 */
export function MessagesPage({ conversationId }: { conversationId?: string }) {
  const { t } = useTranslation();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const [composing, setComposing] = useState(false);
  usePageTitle(t('messages.title'));
  const toList = () => void navigateTo('/messages');
  const list = (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Stack direction="row" alignItems="center" spacing={1}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, flex: 1 }}>
          {t('messages.title')}
        </Typography>
        <Button variant="contained" startIcon={<EditOutlinedIcon />} onClick={() => setComposing(true)} data-testid="new-message">
          {t('messages.new.button')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('messages.notEncrypted')}
      </Typography>
      <Paper variant="outlined">
        <ConversationList selectedId={conversationId} />
      </Paper>
    </Stack>
  );
  const thread = conversationId ? (
    <Paper
      variant="outlined"
      sx={{
        height: { xs: 'calc(100dvh - 200px)', md: 'calc(100dvh - 140px)' },
        minHeight: 360,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Thread key={conversationId} id={conversationId} onBack={wide ? undefined : toList} onGone={toList} />
    </Paper>
  ) : (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <EmptyState icon={ForumOutlinedIcon} title={t('messages.thread.none')} body={t('messages.thread.noneBody')} />
    </Paper>
  );
  return (
    <>
      {wide ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(260px, 360px) 1fr', gap: 2, alignItems: 'start' }}>
          {list}
          {thread}
        </Box>
      ) : conversationId ? (
        <>
          {/* On a phone the thread stands alone: the page keeps its heading for screen readers. */}
          <Typography variant="h1" sx={visuallyHidden}>
            {t('messages.title')}
          </Typography>
          {thread}
        </>
      ) : (
        list
      )}
      <NewConversationDialog
        open={composing}
        onClose={() => setComposing(false)}
        onStarted={(c) => {
          setComposing(false);
          void navigateTo(`/messages/${c.id}`);
        }}
      />
    </>
  );
}
