import { MESSAGE_LIMITS, type VoiceMimeType } from '@tribes/shared';
import { HttpError } from '#src/core/errors.js';

/** 415 for a file that is not a voice note we take (HTML, a photo, anything else), whatever it claims. */
export const unsupportedVoice = () => new HttpError(415, 'messages.voice_invalid', {}, undefined, {}, 'unsupported_media_type');

const ascii = (buf: Buffer, at: number, text: string) => buf.toString('latin1', at, at + text.length) === text;

/** The container by the file's first bytes, never by its name or declared type; null when none of ours. */
export function sniffVoice(buf: Buffer): VoiceMimeType | null {
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (buf.length >= 4 && ascii(buf, 0, 'OggS')) return 'audio/ogg';
  if (buf.length >= 12 && ascii(buf, 4, 'ftyp')) return 'audio/mp4';
  return null;
}

interface Vint {
  value: number;
  length: number;
  unknown: boolean;
}

/** An EBML variable-size integer (an element's size): its value, its length, and whether it is "unknown". */
function readVint(buf: Buffer, pos: number): Vint | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 24 + 1;
  if (pos + length > buf.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[pos + i]!;
    if (buf[pos + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: allOnes };
}

/** An EBML element id (its marker bits kept, as the specification writes ids). */
function readId(buf: Buffer, pos: number): { id: number; length: number } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 24 + 1;
  if (length > 4 || pos + length > buf.length) return null;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + buf[pos + i]!;
  return { id, length };
}

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  codecId: 0x86,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;
/** Children of a segment: an unknown-size cluster ends where one of these begins. */
const LEVEL_ONE = new Set([ID.cluster, ID.info, ID.tracks, 0x1c53bb6b, 0x1254c367, 0x1043a770, 0x1941a469, 0x114d9b74]);

interface Element {
  id: number;
  start: number;
  end: number;
}

/** The elements of [pos, end): an unknown size runs to `end`, or for a cluster to the next level-1 element. */
function* elements(buf: Buffer, pos: number, end: number): Generator<Element & { unknown: boolean }> {
  let guard = 0;
  while (pos < end && guard++ < 1_000_000) {
    const id = readId(buf, pos);
    if (!id) return;
    const size = readVint(buf, pos + id.length);
    if (!size) return;
    const start = pos + id.length + size.length;
    const stop = size.unknown ? end : Math.min(end, start + size.value);
    yield { id: id.id, start, end: stop, unknown: size.unknown };
    if (size.unknown && id.id === ID.cluster) {
      // Skip the cluster's children up to the next level-1 element.
      let at = start;
      for (const child of elements(buf, start, end)) {
        if (LEVEL_ONE.has(child.id)) break;
        at = child.end;
      }
      pos = at;
    } else {
      pos = stop;
    }
  }
}

const uintOf = (buf: Buffer, e: Element) => {
  let v = 0;
  for (let i = e.start; i < e.end; i++) v = v * 256 + buf[i]!;
  return v;
};

/** The children of an element, the cluster's kind of unknown size stopping at the next level-1 element. */
function childrenOf(buf: Buffer, e: Element & { unknown: boolean }): Element[] {
  const out: Element[] = [];
  for (const child of elements(buf, e.start, e.end)) {
    if (e.unknown && LEVEL_ONE.has(child.id)) break;
    out.push(child);
  }
  return out;
}

/**
 * Reads a WebM (Matroska) file: its doc type must be webm with an Opus or Vorbis audio track, and its
 * length comes from its blocks' timecodes (Chrome's MediaRecorder writes no duration and leaves the
 * segment and clusters of unknown size), or from the header's duration when that is longer.
 */
export function webmDurationMs(buf: Buffer): number | null {
  const top = [...elements(buf, 0, buf.length)];
  const header = top.find((e) => e.id === ID.ebml);
  const docType = header && childrenOf(buf, header).find((e) => e.id === ID.docType);
  if (!docType || buf.toString('latin1', docType.start, docType.end).replace(/\0+$/, '') !== 'webm') return null;
  const segment = top.find((e) => e.id === ID.segment);
  if (!segment) return null;
  let scale = 1_000_000;
  let headerMs = 0;
  let audio = false;
  let lastTick = -1;
  for (const e of elements(buf, segment.start, segment.end)) {
    if (e.id === ID.info) {
      for (const c of childrenOf(buf, e)) {
        if (c.id === ID.timecodeScale) scale = uintOf(buf, c) || scale;
        if (c.id === ID.duration && c.end - c.start === 8) headerMs = buf.readDoubleBE(c.start);
        if (c.id === ID.duration && c.end - c.start === 4) headerMs = buf.readFloatBE(c.start);
      }
    } else if (e.id === ID.tracks) {
      for (const t of childrenOf(buf, e)) {
        if (t.id !== ID.trackEntry) continue;
        const codec = childrenOf(buf, { ...t, unknown: false }).find((c) => c.id === ID.codecId);
        const name = codec ? buf.toString('latin1', codec.start, codec.end).replace(/\0+$/, '') : '';
        if (name === 'A_OPUS' || name === 'A_VORBIS') audio = true;
      }
    } else if (e.id === ID.cluster) {
      let base = 0;
      for (const c of childrenOf(buf, e)) {
        if (c.id === ID.timecode) base = uintOf(buf, c);
        const block =
          c.id === ID.simpleBlock
            ? c
            : c.id === ID.blockGroup
              ? childrenOf(buf, { ...c, unknown: false }).find((b) => b.id === ID.block)
              : undefined;
        if (!block) continue;
        const track = readVint(buf, block.start);
        if (!track || block.start + track.length + 2 > block.end) continue;
        lastTick = Math.max(lastTick, base + buf.readInt16BE(block.start + track.length));
      }
    }
  }
  if (!audio || lastTick < 0) return null;
  // The last block starts at lastTick; an Opus frame lasts 20 ms.
  const fromBlocks = (lastTick * scale) / 1e6 + 20;
  return Math.round(Math.max(fromBlocks, Number.isFinite(headerMs) ? (headerMs * scale) / 1e6 : 0));
}

/**
 * A voice note checked by content: WebM (Opus or Vorbis), Ogg or MP4 audio, at most 5 MB (413) and 2
 * minutes (422, measured from the file, whatever the client says). Its length is the file's; the
 * client's `duration_ms` only when the container tells none.
 */
export async function readVoiceNote(
  buf: Buffer,
  clientMs: number | undefined,
): Promise<{ mime: VoiceMimeType; durationMs: number }> {
  if (buf.length > MESSAGE_LIMITS.voiceMaxBytes)
    throw new HttpError(413, 'messages.voice_too_large', {}, undefined, {}, 'payload_too_large');
  const mime = sniffVoice(buf);
  if (!mime) throw unsupportedVoice();
  let parsed: number | null;
  if (mime === 'audio/webm') {
    parsed = webmDurationMs(buf);
    if (parsed === null) throw unsupportedVoice();
  } else {
    const { parseBuffer } = await import('music-metadata');
    try {
      const meta = await parseBuffer(buf, { mimeType: mime, size: buf.length }, { duration: true, skipCovers: true });
      if (!meta.format.hasAudio && meta.format.hasAudio !== undefined) throw unsupportedVoice();
      if (meta.format.hasVideo) throw unsupportedVoice();
      if (!meta.format.codec && !meta.format.container) throw unsupportedVoice();
      parsed = meta.format.duration !== undefined ? Math.round(meta.format.duration * 1000) : null;
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw unsupportedVoice();
    }
  }
  const durationMs = parsed ?? clientMs;
  if (durationMs === undefined) throw unsupportedVoice();
  if (durationMs > MESSAGE_LIMITS.voiceMaxMs)
    throw new HttpError(422, 'messages.voice_too_long', {}, undefined, {}, 'voice_too_long');
  return { mime, durationMs };
}
