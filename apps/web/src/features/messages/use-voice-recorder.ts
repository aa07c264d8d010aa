import { MESSAGE_LIMITS } from '@tribes/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pickVoiceMime, toWaveform } from './waveform';

export interface VoiceNote {
  blob: Blob;
  duration_ms: number;
  waveform: number[];
  url: string;
}

export type RecorderState =
  | { kind: 'idle' }
  | { kind: 'recording'; elapsed: number; levels: number[] }
  | { kind: 'recorded'; note: VoiceNote }
  | { kind: 'error'; reason: 'unsupported' | 'denied' };

/**
 * A voice note recorded with MediaRecorder (issue 41): the container the browser can make, levels read
 * with the Web Audio API's AnalyserNode while recording (the waveform), stopped by hand or at 2 minutes.
 */
export function useVoiceRecorder() {
  const [state, setState] = useState<RecorderState>({ kind: 'idle' });
  const live = useRef<{
    recorder: MediaRecorder;
    stream: MediaStream;
    context: AudioContext | null;
    timer: ReturnType<typeof setInterval>;
    started: number;
    levels: number[];
    cancelled: boolean;
  } | null>(null);

  const release = useCallback(() => {
    const r = live.current;
    if (!r) return;
    clearInterval(r.timer);
    r.stream.getTracks().forEach((t) => t.stop());
    void r.context?.close().catch(() => undefined);
    live.current = null;
  }, []);

  const stop = useCallback(() => {
    const r = live.current;
    if (r && r.recorder.state !== 'inactive') r.recorder.stop();
  }, []);

  const cancel = useCallback(() => {
    const r = live.current;
    if (r) {
      r.cancelled = true;
      if (r.recorder.state !== 'inactive') r.recorder.stop();
      else release();
    }
    setState((s) => {
      if (s.kind === 'recorded') URL.revokeObjectURL(s.note.url);
      return { kind: 'idle' };
    });
  }, [release]);

  const start = useCallback(async () => {
    const mime = typeof MediaRecorder === 'undefined' ? null : pickVoiceMime((t) => MediaRecorder.isTypeSupported(t));
    if (!mime || !navigator.mediaDevices?.getUserMedia) return setState({ kind: 'error', reason: 'unsupported' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return setState({ kind: 'error', reason: 'denied' });
    }
    const recorder = new MediaRecorder(stream, { mimeType: mime });
    let analyser: AnalyserNode | null = null;
    let context: AudioContext | null = null;
    try {
      context = new AudioContext();
      analyser = context.createAnalyser();
      analyser.fftSize = 512;
      context.createMediaStreamSource(stream).connect(analyser);
    } catch {
      analyser = null;
    }
    const samples = new Uint8Array(analyser?.fftSize ?? 0);
    const chunks: Blob[] = [];
    const started = performance.now();
    const levels: number[] = [];
    const timer = setInterval(() => {
      let level = 0;
      if (analyser) {
        analyser.getByteTimeDomainData(samples);
        for (const v of samples) level = Math.max(level, Math.abs(v - 128) / 128);
      }
      levels.push(level);
      const elapsed = performance.now() - started;
      setState({ kind: 'recording', elapsed, levels: levels.slice(-48) });
      if (elapsed >= MESSAGE_LIMITS.voiceMaxMs) stop();
    }, 100);
    live.current = { recorder, stream, context, timer, started, levels, cancelled: false };
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => {
      const r = live.current;
      const cancelled = r?.cancelled ?? true;
      const duration = Math.min(MESSAGE_LIMITS.voiceMaxMs, performance.now() - started);
      release();
      if (cancelled) return;
      const blob = new Blob(chunks, { type: mime.split(';')[0] });
      setState({
        kind: 'recorded',
        note: {
          blob,
          duration_ms: Math.max(1, Math.round(duration)),
          waveform: toWaveform(levels),
          url: URL.createObjectURL(blob),
        },
      });
    };
    recorder.start(250);
    setState({ kind: 'recording', elapsed: 0, levels: [] });
  }, [release, stop]);

  /** After a send: forget the note. */
  const clear = useCallback(() => {
    setState((s) => {
      if (s.kind === 'recorded') URL.revokeObjectURL(s.note.url);
      return { kind: 'idle' };
    });
  }, []);

  // Leaving the page while recording: nothing is kept, the microphone is released.
  useEffect(
    () => () => {
      const r = live.current;
      if (r) {
        r.cancelled = true;
        if (r.recorder.state !== 'inactive') r.recorder.stop();
      }
      release();
    },
    [release],
  );

  return { state, start, stop, cancel, clear };
}
