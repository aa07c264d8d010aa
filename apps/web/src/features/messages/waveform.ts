import { MESSAGE_LIMITS } from '@tribes/shared';

/** Up to 64 bars (0-255) from levels sampled while recording (each 0-1), each bar the loudest of its stretch. */
export function toWaveform(levels: readonly number[], bars: number = MESSAGE_LIMITS.waveformMax): number[] {
  if (levels.length === 0) return [];
  const count = Math.min(bars, levels.length);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * levels.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * levels.length) / count));
    let peak = 0;
    for (let j = from; j < to; j++) peak = Math.max(peak, levels[j] ?? 0);
    out.push(Math.max(0, Math.min(255, Math.round(peak * 255))));
  }
  return out;
}

/** The recorder's container: the first the browser can make of Opus in WebM, Opus in Ogg, then AAC in MP4 (Safari). */
export const VOICE_CANDIDATES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'] as const;

export function pickVoiceMime(isSupported: (type: string) => boolean): string | null {
  return VOICE_CANDIDATES.find((type) => isSupported(type)) ?? null;
}

/** m:ss of a length in milliseconds. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
