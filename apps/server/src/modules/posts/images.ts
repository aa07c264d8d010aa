import { randomBytes } from 'node:crypto';
import { POST_LIMITS } from '@tribes/shared';
import type { OutputInfo } from 'sharp';
import { fieldError } from '#src/core/errors.js';
import { openImage } from '#src/core/images.js';
import { PRIVATE_PREFIX, type Storage } from '#src/core/storage.js';

export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

/**
 * Decodes an upload by content (never its name), strips EXIF and GPS by re-encoding, bounds the
 * longest side to 2048 px, and stores WebP: under private/ when only a tribe may see it.
 */
export async function storePostImage(storage: Storage, input: Buffer, privateToTribe: boolean): Promise<StoredImage> {
  // Anything but JPEG, PNG, WebP, GIF or AVIF is refused (415) before sharp parses it.
  const image = await openImage(input, 'images', 60_000_000);
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await image
      .rotate()
      .resize(POST_LIMITS.imageMaxSide, POST_LIMITS.imageMaxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw fieldError('images', 'validation.image_invalid');
  }
  const key = `${privateToTribe ? PRIVATE_PREFIX : ''}posts/${randomBytes(16).toString('hex')}.webp`;
  await storage.put(key, out.data, 'image/webp');
  return { key, width: out.info.width, height: out.info.height };
}
