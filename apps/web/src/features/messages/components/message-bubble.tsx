import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { MESSAGE_LIMITS, type Message } from '@tribes/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { dateTimeFormat } from '../../../lib/intl';
import { VoiceNotePlayer } from './voice-note';

export interface BubbleActions {
  onEdit(message: Message): void;
  onDelete(message: Message): void;
  onReport(message: Message): void;
}

/** Whether my message may still be edited (15 minutes after it was sent). */
export const canEdit = (m: Message, now: number = Date.now()) =>
  !m.deleted && m.body.length > 0 && now - new Date(m.created_at).getTime() < MESSAGE_LIMITS.editWindowMinutes * 60_000;

/**
 * One message: mine at the end of the line (right in ltr, left in rtl: logical alignment), theirs at the
 * start; each text reads in its own direction (dir="auto"); the time, "edited", or the tombstone.
 */
export function MessageBubble({
  message,
  mine,
  showSender,
  pending = false,
  seen = false,
  actions,
}: {
  message: Message;
  mine: boolean;
  showSender: boolean;
  pending?: boolean;
  seen?: boolean;
  actions?: BubbleActions;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const time = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(message.created_at));
  const full = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(message.created_at));
  const menu = actions && !message.deleted && !pending;
  const photo = message.attachments.find((a) => a.kind === 'photo');
  const voice = message.attachments.find((a) => a.kind === 'voice');
  return (
    <Box
      component="li"
      data-testid="message"
      data-mine={mine ? 'true' : 'false'}
      data-pending={pending ? 'true' : undefined}
      data-id={message.id}
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', mb: 1 }}
    >
      {showSender && !mine && (
        <Typography variant="caption" color="text.secondary" dir="auto" sx={{ px: 1 }}>
          {message.sender.name}
        </Typography>
      )}
      <Box
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, flexDirection: mine ? 'row-reverse' : 'row', maxWidth: '85%' }}
      >
        <Box
          sx={{
            px: 1.5,
            py: 1,
            borderRadius: 2,
            minWidth: 0,
            bgcolor: message.deleted ? 'transparent' : mine ? 'primary.main' : 'action.hover',
            color: message.deleted ? 'text.secondary' : mine ? 'primary.contrastText' : 'text.primary',
            border: message.deleted ? 1 : 0,
            borderColor: 'divider',
            opacity: pending ? 0.7 : 1,
          }}
        >
          {message.deleted ? (
            <Typography variant="body2" sx={{ fontStyle: 'italic' }} data-testid="tombstone">
              {t('messages.thread.deleted')}
            </Typography>
          ) : (
            <>
              {photo && (
                <Box
                  component="img"
                  src={photo.url}
                  alt={t('messages.thread.photoAlt', { name: message.sender.name })}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  sx={{
                    display: 'block',
                    maxWidth: '100%',
                    height: 'auto',
                    maxHeight: 320,
                    borderRadius: 1,
                    mb: message.body ? 1 : 0,
                  }}
                  data-testid="message-photo"
                />
              )}
              {voice && (
                <Box sx={{ bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1, px: 0.5 }}>
                  <VoiceNotePlayer url={voice.url} durationMs={voice.duration_ms ?? 0} waveform={voice.waveform ?? []} />
                </Box>
              )}
              {message.body && (
                <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-body">
                  {message.body}
                </Typography>
              )}
            </>
          )}
        </Box>
        {menu && (
          <IconButton
            size="small"
            aria-label={t('messages.thread.actions')}
            aria-haspopup="menu"
            onClick={(e) => setAnchor(e.currentTarget)}
            data-testid="message-actions"
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
        <time dateTime={message.created_at} title={full}>
          {time}
        </time>
        {message.edited_at && !message.deleted && ` · ${t('messages.thread.edited')}`}
        {pending && ` · ${t('messages.thread.pending')}`}
        {seen && (
          <span data-testid="seen">
            {' · '}
            {t('messages.thread.seen')}
          </span>
        )}
      </Typography>
      {menu && (
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {mine && canEdit(message) && (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                actions.onEdit(message);
              }}
            >
              {t('messages.thread.edit')}
            </MenuItem>
          )}
          {mine && (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                actions.onDelete(message);
              }}
              sx={{ color: 'error.main' }}
            >
              {t('messages.thread.delete')}
            </MenuItem>
          )}
          {!mine && (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                actions.onReport(message);
              }}
            >
              {t('messages.thread.report')}
            </MenuItem>
          )}
        </Menu>
      )}
    </Box>
  );
}
