import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ECHO_CHANNELS, MESSAGE_LIMITS, type Conversation, type Message } from '@tribes/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { RouterLocaleLink } from '../../../components/locale-link';
import { useOutboxItems } from '../../../lib/offline/use-outbox';
import { useRealtimeClient } from '../../../lib/realtime/realtime-store';
import { useSession } from '../../../lib/session/session-store';
import {
  useConversation,
  useConversationAction,
  useDeleteMessage,
  useEditMessage,
  useMarkRead,
  useReportMessage,
  useSendMessage,
  useThread,
  type Outgoing,
} from '../api';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';

const TYPING_EVERY_MS = 3000;
const TYPING_SHOWN_MS = 5000;

/** A conversation's name as I see it: its title, or the others' names. */
export function conversationName(c: Conversation, me: string | undefined): string {
  if (c.title) return c.title;
  const others = c.members.filter((m) => m.id !== me);
  return (others.length ? others : c.members).map((m) => m.name).join(', ');
}

/** Who is typing in a conversation (client-typing), and a throttled "I am typing". */
function useTyping(conversationId: string, me: { id: string; name: string } | null) {
  const client = useRealtimeClient();
  const [typing, setTyping] = useState<Record<string, { name: string; until: number }>>({});
  const last = useRef(0);
  const channel = ECHO_CHANNELS.conversation(conversationId);
  useEffect(() => {
    if (!client) return;
    return client.listenWhisper(channel, 'client-typing', (p) => {
      if (p.user_id === me?.id) return;
      setTyping((t) => ({ ...t, [p.user_id]: { name: p.name, until: p.typing ? Date.now() + TYPING_SHOWN_MS : 0 } }));
    });
  }, [client, channel, me?.id]);
  const active = Object.values(typing).filter((x) => x.until > Date.now());
  useEffect(() => {
    if (active.length === 0) return;
    const timer = setTimeout(() => setTyping((t) => ({ ...t })), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [active.length, typing]);
  const say = () => {
    if (!client || !me || Date.now() - last.current < TYPING_EVERY_MS) return;
    last.current = Date.now();
    client.whisper(channel, 'client-typing', { user_id: me.id, name: me.name, typing: true });
  };
  return { names: active.map((x) => x.name), say };
}

/** One conversation: its header (mute, leave), its messages, read markers, typing, the composer. */
export function Thread({ id, onBack, onGone }: { id: string; onBack?: () => void; onGone(): void }) {
  const { t } = useTranslation();
  const user = useSession().userData;
  const me = user?.id;
  const conversation = useConversation(id);
  const thread = useThread(id);
  const send = useSendMessage(id);
  const markRead = useMarkRead(id);
  const action = useConversationAction(id);
  const edit = useEditMessage();
  const del = useDeleteMessage();
  const report = useReportMessage();
  const pending = useOutboxItems('message', (i) => i.conversation_id === id);
  const typing = useTyping(id, user ? { id: user.id, name: user.name } : null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [editing, setEditing] = useState<{ message: Message; text: string } | null>(null);
  const [reporting, setReporting] = useState<{ message: Message; reason: string } | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  const messages = useMemo(() => thread.data?.pages.flatMap((p) => p.items) ?? [], [thread.data]);
  const markers = thread.data?.pages[0]?.read_markers ?? {};
  const newest = messages[0];
  const c = conversation.data;

  // Read markers: the newest message is read while the thread is on screen and the page visible.
  const sentUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!newest || newest.sender.id === me || sentUpTo.current === newest.id) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || sentUpTo.current === newest.id) return;
      sentUpTo.current = newest.id;
      markRead.mutate(newest.id);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newest, me, markRead]);

  // The newest message in view when it arrives.
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [newest?.id, pending.length]);

  // "Seen" under my latest message when someone's marker is on it or newer.
  const myLatest = messages.findIndex((m) => m.sender.id === me && !m.deleted);
  const seenIndex = Object.entries(markers)
    .filter(([member]) => member !== me)
    .map(([, up]) => messages.findIndex((m) => m.id === up))
    .filter((i) => i >= 0);
  const seen = myLatest >= 0 && seenIndex.some((i) => i <= myLatest);

  if (conversation.isError) {
    return <EmptyState icon={ForumOutlinedIcon} title={t('messages.thread.missing')} body={t('messages.thread.missingBody')} />;
  }

  const onSend = async (out: Outgoing) => {
    await send.mutateAsync(out);
    return true;
  };
  const name = c ? conversationName(c, me) : '';
  const showSender = c?.kind === 'group';
  const ordered = [...messages].reverse();

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }} data-testid="thread" aria-label={name}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ p: 1, borderBottom: 1, borderColor: 'divider' }}>
        {onBack && (
          <IconButton aria-label={t('messages.thread.back')} onClick={onBack}>
            <ArrowBackIcon sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        )}
        <Typography variant="h2" dir="auto" sx={{ fontSize: '1.1rem', fontWeight: 700, flex: 1, minWidth: 0 }} noWrap>
          {name}
        </Typography>
        {c && (
          <IconButton aria-label={t('messages.thread.menu')} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)}>
            <MoreVertIcon />
          </IconButton>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, pt: 1, display: 'flex', gap: 0.5, alignItems: 'center' }}>
        <LockOpenOutlinedIcon fontSize="inherit" aria-hidden />
        {t('messages.notEncrypted')}
      </Typography>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 1, py: 1, minHeight: 200 }}>
        <LoadMore
          hasMore={Boolean(thread.hasNextPage)}
          loading={thread.isFetchingNextPage}
          onMore={() => void thread.fetchNextPage()}
        />
        {thread.isPending ? (
          <ListSkeleton rows={4} height={48} />
        ) : thread.isError && messages.length === 0 ? (
          <Alert severity="error" action={<Button onClick={() => void thread.refetch()}>{t('messages.retry')}</Button>}>
            {t('messages.thread.failed')}
          </Alert>
        ) : messages.length === 0 && pending.length === 0 ? (
          <EmptyState icon={ForumOutlinedIcon} title={t('messages.thread.empty')} headingLevel="h3" />
        ) : null}
        <Box component="ol" aria-label={t('messages.thread.label', { name })} sx={{ m: 0, p: 0 }}>
          {ordered.map((m) => (
            <MessageBubble
              key={m.id}
              message={m}
              mine={m.sender.id === me}
              showSender={showSender}
              seen={seen && m.id === messages[myLatest]?.id}
              actions={{
                onEdit: (msg) => setEditing({ message: msg, text: msg.body }),
                onDelete: setDeleting,
                onReport: (msg) => setReporting({ message: msg, reason: '' }),
              }}
            />
          ))}
          {pending.map((p) => (
            <MessageBubble
              key={p.id}
              pending
              mine
              showSender={false}
              message={{
                id: p.id,
                conversation_id: id,
                sender: { id: me ?? '', name: user?.name ?? '', avatar_url: null } as Message['sender'],
                body: p.body,
                attachments: [],
                created_at: p.created_at,
                edited_at: null,
                deleted: false,
              }}
            />
          ))}
        </Box>
        <Box ref={bottom} />
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        aria-live="polite"
        sx={{ px: 2, minHeight: '1.5em' }}
        data-testid="typing"
      >
        {typing.names.length > 0 ? t('messages.thread.typing', { name: typing.names.join(', ') }) : ''}
      </Typography>
      {c?.state === 'request_pending' ? (
        <Stack spacing={1} sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
          <Typography>{t('messages.requests.body', { name })}</Typography>
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              disabled={action.isPending}
              onClick={() => action.mutate('accept')}
              data-testid="request-accept"
            >
              {t('messages.requests.accept')}
            </Button>
            <Button
              color="error"
              disabled={action.isPending}
              onClick={() => void action.mutateAsync('decline').then(onGone, () => undefined)}
              data-testid="request-decline"
            >
              {t('messages.requests.decline')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <>
          {c?.state === 'request_sent' && (
            <Alert severity="info" sx={{ mx: 1 }}>
              {t('messages.requests.sent')}
            </Alert>
          )}
          <Composer onSend={onSend} onTyping={typing.say} disabled={!c} />
        </>
      )}
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {c && c.kind === 'direct' && (
          <MenuItem
            component={RouterLocaleLink}
            to={`/user-profile/${c.members.find((m) => m.id !== me)?.id ?? ''}`}
            onClick={() => setMenu(null)}
          >
            {t('messages.thread.profile')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setMenu(null);
            action.mutate(c?.muted ? 'unmute' : 'mute');
          }}
        >
          {c?.muted ? t('messages.thread.unmute') : t('messages.thread.mute')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenu(null);
            setLeaving(true);
          }}
          sx={{ color: 'error.main' }}
        >
          {t('messages.thread.leave')}
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={leaving}
        title={t('messages.thread.leaveTitle')}
        body={t('messages.thread.leaveBody')}
        confirmLabel={t('messages.thread.leave')}
        destructive
        pending={action.isPending}
        onClose={() => setLeaving(false)}
        onConfirm={() =>
          void action.mutateAsync('leave').then(
            () => {
              setLeaving(false);
              onGone();
            },
            () => undefined,
          )
        }
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('messages.thread.deleteTitle')}
        body={t('messages.thread.deleteBody')}
        confirmLabel={t('messages.thread.delete')}
        destructive
        pending={del.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          void del.mutateAsync(deleting.id).then(
            () => setDeleting(null),
            () => undefined,
          )
        }
      />
      <Dialog open={Boolean(editing)} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!editing || !editing.text.trim()) return;
            void edit.mutateAsync({ id: editing.message.id, body: editing.text.trim() }).then(
              () => setEditing(null),
              () => undefined,
            );
          }}
        >
          <DialogTitle>{t('messages.thread.editTitle')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              multiline
              fullWidth
              value={editing?.text ?? ''}
              onChange={(e) => setEditing((x) => (x ? { ...x, text: e.target.value } : x))}
              error={editing !== null && !editing.text.trim()}
              helperText={editing !== null && !editing.text.trim() ? t('messages.thread.editEmpty') : ' '}
              slotProps={{
                htmlInput: { dir: 'auto', maxLength: MESSAGE_LIMITS.bodyMax, 'aria-label': t('messages.thread.editTitle') },
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setEditing(null)}>{t('messages.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={edit.isPending || !editing?.text.trim()}>
              {t('messages.save')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <Dialog open={Boolean(reporting)} onClose={() => setReporting(null)} fullWidth maxWidth="sm">
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reporting || !reporting.reason.trim()) return;
            void report.mutateAsync({ id: reporting.message.id, reason: reporting.reason.trim() }).then(
              () => setReporting(null),
              () => undefined,
            );
          }}
        >
          <DialogTitle>{t('messages.report.title')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('messages.report.body')}
            </Typography>
            <TextField
              autoFocus
              multiline
              minRows={2}
              fullWidth
              label={t('messages.report.reason')}
              value={reporting?.reason ?? ''}
              onChange={(e) => setReporting((x) => (x ? { ...x, reason: e.target.value } : x))}
              slotProps={{ htmlInput: { dir: 'auto', maxLength: MESSAGE_LIMITS.reasonMax, 'data-testid': 'report-reason' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setReporting(null)}>{t('messages.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={report.isPending || !reporting?.reason.trim()}>
              {t('messages.report.send')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Stack>
  );
}
