// Makes one derivative of an original with sharp: auto-oriented by its EXIF orientation, resized to a
// ladder width (never enlarged), metadata stripped, encoded in the asked format.
import sharp from 'sharp';
import { MAX_ORIGINAL_PIXELS } from './inspect.js';
import type { MediaFormat } from '../media-urls.js';

// libvips keeps decoded images and operations in a process-wide cache; derivatives are cached on
// disk instead, so that memory would only grow with the catalog.
sharp.cache(false);

/** Encoded bytes of `original` at `width` pixels wide in `format`. */
export async function makeDerivative(original: Buffer, width: number, format: MediaFormat): Promise<Buffer> {
  const image = sharp(original, { limitInputPixels: MAX_ORIGINAL_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  switch (format) {
    // effort 2: AVIF's default (4) takes several times longer for a few percent fewer bytes.
    case 'avif':
      return image.avif({ quality: 50, effort: 2 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 78 }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    case 'jpg':
      // A transparent original asked for as JPEG: flatten on white rather than on black.
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  }
}
