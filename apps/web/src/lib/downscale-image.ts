/** A photo's longest side after downscaling: what the server keeps (POST_LIMITS.imageMaxSide). */
export const UPLOAD_MAX_SIDE = 2048;
/** What one photo may weigh on the wire after downscaling. */
export const UPLOAD_TARGET_BYTES = 900 * 1024;

/** The size a photo is drawn at: its longest side at most `max`, proportions kept, never enlarged. */
export function fitInside(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Longest side and WebP quality, tried in turn until the photo is light enough. */
const STEPS: [number, number][] = [
  [UPLOAD_MAX_SIDE, 0.82],
  [UPLOAD_MAX_SIDE, 0.7],
  [1600, 0.7],
  [1280, 0.65],
];

/** Formats the browser redraws; a GIF may move and is sent as it is (the server keeps its first frame anyway). */
const REDRAWN = /^image\/(jpeg|png|webp|avif|heic|heif)$/;

async function encode(bitmap: ImageBitmap, size: { width: number; height: number }, quality: number): Promise<Blob | null> {
  const canvas =
    typeof OffscreenCanvas !== 'undefined'
      ? new OffscreenCanvas(size.width, size.height)
      : Object.assign(document.createElement('canvas'), size);
  const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!ctx) return null;
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  if (canvas instanceof HTMLCanvasElement) return new Promise((resolve) => canvas.toBlob(resolve, 'image/webp', quality));
  return canvas.convertToBlob({ type: 'image/webp', quality });
}

/**
 * Downscales a photo in the browser before it is uploaded (or kept in the offline outbox): at most
 * 2048 px on its longest side, as WebP, smaller steps of quality and size until it weighs under
 * 900 KB; a 12-megapixel phone photo goes from 4-10 MB to a few hundred KB. The photo is sent as it
 * is when it is already small, when it is a GIF, or when this browser cannot decode it (HEIC on most).
 */
export async function downscaleImage(file: File): Promise<File> {
  if (!REDRAWN.test(file.type) || typeof createImageBitmap === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const asFile = (blob: Blob) =>
    new File([blob], `${file.name.replace(/\.[^.]+$/, '')}.webp`, { type: 'image/webp', lastModified: file.lastModified });
  try {
    if (Math.max(bitmap.width, bitmap.height) <= UPLOAD_MAX_SIDE && file.size <= UPLOAD_TARGET_BYTES) return file;
    let best: Blob | null = null;
    for (const [side, quality] of STEPS) {
      const blob = await encode(bitmap, fitInside(bitmap.width, bitmap.height, side), quality).catch(() => null);
      if (!blob) break;
      if (blob.size <= UPLOAD_TARGET_BYTES) return asFile(blob);
      best = blob;
    }
    return best && best.size < file.size ? asFile(best) : file;
  } finally {
    bitmap.close();
  }
}
