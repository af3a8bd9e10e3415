// Checks an image file before it is stored: size, a format sharp can decode, pixel count (which
// refuses decompression bombs before any pixel is decoded), and its content hash.
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';

/** Largest original accepted, in bytes. */
export const MAX_ORIGINAL_BYTES = 15 * 1024 * 1024;
/** Largest original accepted, in pixels (width × height). */
export const MAX_ORIGINAL_PIXELS = 50_000_000;
/** Formats accepted as originals (sharp's names). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

/** What the store keeps about an original. */
export interface OriginalInfo {
  hash: string;
  format: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  bytes: number;
}

/** An image that cannot be stored; the message says why, for the import report. */
export class ImageRejected extends Error {
  override name = 'ImageRejected';
}

/** The SHA-256 of bytes, in hex: an original's key. */
export function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Checks an original and describes it; throws ImageRejected with a reason. */
export async function inspectImage(bytes: Buffer): Promise<OriginalInfo> {
  if (bytes.length === 0) throw new ImageRejected('is empty');
  if (bytes.length > MAX_ORIGINAL_BYTES)
    throw new ImageRejected(
      `is ${(bytes.length / 1048576).toFixed(1)} MB; images may be at most ${MAX_ORIGINAL_BYTES / 1048576} MB`,
    );
  let meta: Metadata;
  try {
    // Only the header is read here, so the pixel limit is checked below with a clear message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('is not an image (JPEG, PNG, WebP, AVIF, GIF or TIFF)');
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height)
    throw new ImageRejected(`is not an image (JPEG, PNG, WebP, AVIF, GIF or TIFF)`);
  // EXIF orientations 5–8 swap the axes; pages need the size as displayed.
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  if (width * height > MAX_ORIGINAL_PIXELS)
    throw new ImageRejected(
      `is ${width}×${height} = ${((width * height) / 1e6).toFixed(1)} megapixels; images may be at most ${MAX_ORIGINAL_PIXELS / 1e6}`,
    );
  // Decoding the whole image proves it is not truncated or corrupt (metadata reads only the header).
  try {
    await sharp(bytes, { limitInputPixels: MAX_ORIGINAL_PIXELS }).resize(16).raw().toBuffer();
  } catch (err) {
    throw new ImageRejected(`cannot be decoded (${(err as Error).message.split('\n')[0]})`);
  }
  return {
    hash: contentHash(bytes),
    format: meta.format,
    width,
    height,
    hasAlpha: Boolean(meta.hasAlpha),
    bytes: bytes.length,
  };
}
