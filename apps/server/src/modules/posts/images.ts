import { randomBytes } from 'node:crypto';
import { POST_LIMITS, type PostImage } from '@tribes/shared';
import type { OutputInfo, Sharp } from 'sharp';
import { fieldError } from '#src/core/errors.js';
import { loadSharp, openImage } from '#src/core/images.js';
import { PRIVATE_PREFIX, type Storage } from '#src/core/storage.js';

export interface StoredImage {
  key: string;
  width: number;
  height: number;
  /** The widths of the smaller copies stored beside it, narrowest first. */
  variantWidths: number[];
}

/** Where the copy `width` pixels wide of a stored photo lives: `posts/abc.webp` → `posts/abc-320.webp`. */
export const variantKey = (key: string, width: number) => key.replace(/\.webp$/, `-${width}.webp`);

const encode = async (image: Sharp): Promise<{ data: Buffer; info: OutputInfo }> => {
  try {
    return await image.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  } catch {
    throw fieldError('images', 'validation.image_invalid');
  }
};

/**
 * Decodes an upload by content (never its name), strips EXIF and GPS by re-encoding, bounds the
 * longest side to 2048 px, and stores WebP: under private/ when only a tribe may see it. Beside it,
 * copies 320, 640 and 1280 px wide (those narrower than the photo), so a phone, and the data saver
 * above all, loads what its screen shows rather than the whole photo.
 */
export async function storePostImage(storage: Storage, input: Buffer, privateToTribe: boolean): Promise<StoredImage> {
  // Anything but JPEG, PNG, WebP, GIF or AVIF is refused (415) before sharp parses it.
  const image = await openImage(input, 'images', 60_000_000);
  const upright = image
    .rotate()
    .resize(POST_LIMITS.imageMaxSide, POST_LIMITS.imageMaxSide, { fit: 'inside', withoutEnlargement: true });
  const out = await encode(upright.clone());
  const key = `${privateToTribe ? PRIVATE_PREFIX : ''}posts/${randomBytes(16).toString('hex')}.webp`;
  const widths = POST_LIMITS.imageVariantWidths.filter((w) => w < out.info.width);
  const stored: string[] = [];
  try {
    await storage.put(key, out.data, 'image/webp');
    stored.push(key);
    for (const w of widths) {
      // From the bounded WebP, not the upload: a second decode of a 60-megapixel photo per size is the slow part.
      const { default: sharp } = await loadSharp();
      const copy = await encode(sharp(out.data).resize({ width: w }));
      await storage.put(variantKey(key, w), copy.data, 'image/webp');
      stored.push(variantKey(key, w));
    }
  } catch (err) {
    await Promise.all(stored.map((k) => storage.delete(k).catch(() => undefined)));
    throw err;
  }
  return { key, width: out.info.width, height: out.info.height, variantWidths: widths };
}

/** Removes a stored photo and its copies (its upload failed later, or the request was a replay); missing files are no error. */
export async function removeStoredImage(storage: Storage, image: Pick<StoredImage, 'key' | 'variantWidths'>): Promise<void> {
  await Promise.all(
    [image.key, ...image.variantWidths.map((w) => variantKey(image.key, w))].map((k) => storage.delete(k).catch(() => undefined)),
  );
}

/** A stored photo as the API presents it: its URL and its copies' (signed when tribe-only). */
export function presentImage(
  i: { key: string; width: number; height: number; alt: string; variantWidths: number[] },
  storage: Pick<Storage, 'url'>,
): PostImage {
  return {
    url: storage.url(i.key),
    width: i.width,
    height: i.height,
    alt: i.alt,
    variants: i.variantWidths.map((w) => ({ width: w, url: storage.url(variantKey(i.key, w)) })),
  };
}
