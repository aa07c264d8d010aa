import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import MicNoneOutlinedIcon from '@mui/icons-material/MicNoneOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import SendIcon from '@mui/icons-material/Send';
import StopIcon from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGE_LIMITS } from '@tribes/shared';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downscaleImage } from '../../../lib/downscale-image';
import { useOnline } from '../../../lib/online-status';
import type { Outgoing } from '../api';
import { useVoiceRecorder } from '../use-voice-recorder';
import { formatDuration } from '../waveform';
import { VoiceNotePlayer } from './voice-note';
import { WaveformBars } from './waveform-bars';

/**
 * The thread's composer: text (Enter sends, Shift+Enter a new line), one photo (downscaled in the
 * browser) or one voice note (recorded here, with stop and cancel, at most 2 minutes).
 */
export function Composer({
  onSend,
  onTyping,
  disabled = false,
}: {
  onSend(out: Outgoing): Promise<boolean>;
  onTyping(): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const rec = useVoiceRecorder();
  const recording = rec.state.kind === 'recording';
  const note = rec.state.kind === 'recorded' ? rec.state.note : null;

  useEffect(() => () => void (photo && URL.revokeObjectURL(photo.url)), [photo]);

  const canSend = !busy && !disabled && !recording && (text.trim().length > 0 || Boolean(photo) || Boolean(note));

  const send = async () => {
    if (!canSend) return;
    setBusy(true);
    const out: Outgoing = {
      body: text.trim(),
      ...(photo ? { photo: photo.file } : {}),
      ...(note ? { voice: { blob: note.blob, duration_ms: note.duration_ms, waveform: note.waveform } } : {}),
    };
    const sent = await onSend(out).catch(() => false);
    setBusy(false);
    if (sent) {
      setText('');
      setPhoto(null);
      rec.clear();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    const small = await downscaleImage(file).catch(() => file);
    setPhoto({ file: small, url: URL.createObjectURL(small) });
    rec.cancel();
  };

  return (
    <Box component="form" onSubmit={(e) => (e.preventDefault(), void send())} sx={{ borderTop: 1, borderColor: 'divider', p: 1 }}>
      {rec.state.kind === 'error' && (
        <Alert severity="warning" sx={{ mb: 1 }} onClose={rec.cancel}>
          {t(rec.state.reason === 'denied' ? 'messages.voice.denied' : 'messages.voice.unsupported')}
        </Alert>
      )}
      {photo && (
        <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
          <Box component="img" src={photo.url} alt={t('messages.composer.photoPreview')} sx={{ height: 64, borderRadius: 1 }} />
          <IconButton aria-label={t('messages.composer.removePhoto')} onClick={() => setPhoto(null)}>
            <CloseIcon />
          </IconButton>
        </Stack>
      )}
      {note && (
        <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }} data-testid="voice-preview">
          <VoiceNotePlayer url={note.url} durationMs={note.duration_ms} waveform={note.waveform} />
          <IconButton aria-label={t('messages.voice.discard')} onClick={rec.cancel} data-testid="voice-discard">
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      )}
      {rec.state.kind === 'recording' ? (
        <Stack
          direction="row"
          alignItems="center"
          spacing={1}
          role="group"
          aria-label={t('messages.voice.recording')}
          data-testid="recording"
        >
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: 'error.main', flexShrink: 0 }} />
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} dir="ltr" role="timer" aria-live="off">
            {formatDuration(rec.state.elapsed)} / {formatDuration(MESSAGE_LIMITS.voiceMaxMs)}
          </Typography>
          <Typography variant="body2" color="error" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {t('messages.voice.recording')}
          </Typography>
          <WaveformBars bars={rec.state.levels.map((l) => Math.round(l * 255))} progress={1} height={24} />
          <IconButton aria-label={t('messages.voice.cancel')} onClick={rec.cancel} data-testid="voice-cancel">
            <CloseIcon />
          </IconButton>
          <IconButton color="error" aria-label={t('messages.voice.stop')} onClick={rec.stop} data-testid="voice-stop">
            <StopIcon />
          </IconButton>
        </Stack>
      ) : (
        <Stack direction="row" alignItems="flex-end" spacing={0.5}>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            hidden
            data-testid="photo-input"
            onChange={(e) => {
              void pickPhoto(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <IconButton
            aria-label={t('messages.composer.addPhoto')}
            onClick={() => fileInput.current?.click()}
            disabled={disabled || !online || Boolean(note)}
          >
            <PhotoCameraOutlinedIcon />
          </IconButton>
          <IconButton
            aria-label={t('messages.voice.record')}
            onClick={() => {
              setPhoto(null);
              void rec.start();
            }}
            disabled={disabled || !online || Boolean(note)}
            data-testid="voice-record"
          >
            <MicNoneOutlinedIcon />
          </IconButton>
          <TextField
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value) onTyping();
            }}
            onKeyDown={onKeyDown}
            placeholder={t('messages.composer.placeholder')}
            multiline
            maxRows={6}
            size="small"
            fullWidth
            disabled={disabled}
            slotProps={{
              htmlInput: {
                dir: 'auto',
                maxLength: MESSAGE_LIMITS.bodyMax,
                'aria-label': t('messages.composer.label'),
                'data-testid': 'message-input',
              },
            }}
          />
          <IconButton
            type="submit"
            color="primary"
            aria-label={t('messages.composer.send')}
            disabled={!canSend}
            data-testid="message-send"
          >
            <SendIcon sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        </Stack>
      )}
      {!online && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {t('messages.composer.offline')}
        </Typography>
      )}
    </Box>
  );
}
