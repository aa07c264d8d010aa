import type { Metadata, Sharp } from 'sharp';
import { HttpError, fieldError } from './errors.js';
import { lazy } from './lazy.js';

/** sharp (libvips) is loaded by the first upload, not at start-up. */
export const loadSharp = lazy(() => import('sharp'));

/** The image formats an upload may be (DESIGN 10.1); everything else, SVG above all, is 415. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const ascii = (buf: Buffer, at: number, text: string) => buf.toString('latin1', at, at + text.length) === text;

/** AVIF is an ISO-BMFF file whose `ftyp` box names the avif or avis brand (major or compatible). */
function isAvif(buf: Buffer): boolean {
  if (buf.length < 16 || !ascii(buf, 4, 'ftyp')) return false;
  const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 256);
  for (let at = 8; at + 4 <= boxSize; at += 4) {
    if (at === 12) continue; // minor version, not a brand
    if (ascii(buf, at, 'avif') || ascii(buf, at, 'avis')) return true;
  }
  return false;
}

/** The format by the file's first bytes, never by its name or declared type; null when none of ours. */
export function sniffImageFormat(buf: Buffer): ImageFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && (ascii(buf, 0, 'GIF87a') || ascii(buf, 0, 'GIF89a'))) return 'gif';
  if (buf.length >= 12 && ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'WEBP')) return 'webp';
  if (isAvif(buf)) return 'avif';
  return null;
}

/** 415 in the envelope, its message naming the formats we take. */
export const unsupportedImage = () => new HttpError(415, 'validation.image_invalid', {}, undefined, {}, 'unsupported_media_type');

/** libvips' name for each format, to hold the decoder it chose to the one the bytes announced. */
const SHARP_FORMAT: Record<ImageFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' };

/**
 * Opens an upload for re-encoding, only when its content is JPEG, PNG, WebP, GIF or AVIF: the magic
 * bytes are checked before sharp sees the file, so SVG (librsvg), PDF, HTML or any other format
 * libvips could read is refused with 415 unparsed; sharp's own reading of the header must then
 * agree. A file that claims one of our formats but does not decode is a 400 on `field`.
 */
export async function openImage(input: Buffer, field: string, limitInputPixels: number): Promise<Sharp> {
  const format = sniffImageFormat(input);
  if (!format) throw unsupportedImage();
  const { default: sharp } = await loadSharp();
  const image = sharp(input, { failOn: 'error', limitInputPixels });
  let meta: Metadata;
  try {
    meta = await image.metadata();
  } catch {
    throw fieldError(field, 'validation.image_invalid');
  }
  if (meta.format !== SHARP_FORMAT[format] || (format === 'avif' && meta.compression !== 'av1')) throw unsupportedImage();
  return image;
}

/**
 * Decodes an upload by its content (never its name), and re-encodes it as WebP: the result carries
 * no EXIF or GPS data and cannot smuggle another format. Throws a field error when it is no image.
 */
export async function reencodeImage(input: Buffer, field: string, maxSide: number, square = false): Promise<Buffer> {
  // Anything but JPEG, PNG, WebP, GIF or AVIF is refused (415) before sharp parses it.
  const opened = await openImage(input, field, 50_000_000);
  try {
    const image = opened.rotate();
    const resized = square
      ? image.resize(maxSide, maxSide, { fit: 'cover' })
      : image.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    return await resized.webp({ quality: 82 }).toBuffer();
  } catch {
    throw fieldError(field, 'validation.image_invalid');
  }
}
