import { randomBytes } from 'node:crypto';
import { MESSAGE_LIMITS, type MessageAttachment } from '@tribes/shared';
import { fieldError } from '#src/core/errors.js';
import { openImage } from '#src/core/images.js';
import { PRIVATE_PREFIX, type Storage } from '#src/core/storage.js';
import type { StoredAttachment } from './messages.repo.js';
import { readVoiceNote } from './voice.js';

const EXTENSION = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a' } as const;
const newKey = (ext: string) => `${PRIVATE_PREFIX}messages/${randomBytes(16).toString('hex')}.${ext}`;

/**
 * A message's photo: decoded by content (anything but JPEG, PNG, WebP, GIF or AVIF is 415, SVG above all),
 * re-encoded as WebP without EXIF or GPS, its longest side at most 2048 px, stored under private/.
 */
export async function storePhoto(storage: Storage, input: Buffer): Promise<StoredAttachment> {
  const image = await openImage(input, 'photo', 60_000_000);
  let out: { data: Buffer; info: { width: number; height: number } };
  try {
    out = await image
      .rotate()
      .resize(MESSAGE_LIMITS.photoMaxSide, MESSAGE_LIMITS.photoMaxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw fieldError('photo', 'messages.photo_invalid');
  }
  const key = newKey('webp');
  await storage.put(key, out.data, 'image/webp');
  return { kind: 'photo', key, mime: 'image/webp', width: out.info.width, height: out.info.height };
}

/** A message's voice note, checked by content and length (voice.ts), stored as sent under private/. */
export async function storeVoice(
  storage: Storage,
  input: Buffer,
  client: { duration_ms?: number; waveform?: number[] },
): Promise<StoredAttachment> {
  const { mime, durationMs } = await readVoiceNote(input, client.duration_ms);
  const key = newKey(EXTENSION[mime]);
  await storage.put(key, input, mime);
  return { kind: 'voice', key, mime, duration_ms: durationMs, ...(client.waveform ? { waveform: client.waveform } : {}) };
}

/** Removes stored files (a failed or replayed send, a deletion for everyone); a missing file is no error. */
export async function removeAttachments(storage: Storage, attachments: readonly StoredAttachment[]): Promise<void> {
  await Promise.all(attachments.map((a) => storage.delete(a.key).catch(() => undefined)));
}

/** An attachment as the API shows it: a signed, expiring link instead of its key. */
export function presentAttachment(a: StoredAttachment, storage: Pick<Storage, 'url'>): MessageAttachment {
  return {
    kind: a.kind,
    url: storage.url(a.key),
    mime: a.mime,
    ...(a.width !== undefined ? { width: a.width } : {}),
    ...(a.height !== undefined ? { height: a.height } : {}),
    ...(a.duration_ms !== undefined ? { duration_ms: a.duration_ms } : {}),
    ...(a.waveform ? { waveform: a.waveform } : {}),
  };
}
