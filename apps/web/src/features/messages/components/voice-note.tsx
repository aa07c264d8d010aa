import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../waveform';
import { WaveformBars } from './waveform-bars';

/** A voice note: play or pause, its waveform filling as it plays, and its length. */
export function VoiceNotePlayer({ url, durationMs, waveform }: { url: string; durationMs: number; waveform: readonly number[] }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState(0);
  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    if (a.paused) void a.play().catch(() => setPlaying(false));
    else a.pause();
  };
  return (
    <Stack direction="row" alignItems="center" spacing={1} sx={{ minWidth: 180, maxWidth: 280 }} data-testid="voice-note">
      <IconButton
        size="small"
        onClick={toggle}
        aria-label={playing ? t('messages.voice.pause') : t('messages.voice.play', { duration: formatDuration(durationMs) })}
      >
        {playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
      <WaveformBars bars={waveform} progress={progress} />
      <Typography variant="caption" sx={{ fontVariantNumeric: 'tabular-nums' }} dir="ltr">
        {formatDuration(durationMs)}
      </Typography>
      <audio
        ref={audio}
        src={url}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setProgress(0);
        }}
        onTimeUpdate={(e) => {
          const a = e.currentTarget;
          const total = Number.isFinite(a.duration) && a.duration > 0 ? a.duration : durationMs / 1000;
          setProgress(total > 0 ? a.currentTime / total : 0);
        }}
      />
    </Stack>
  );
}
