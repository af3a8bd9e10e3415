// The `image` template object: what themes get for a product image, and what the image helpers
// ({{picture}}, {{image_url}}) build their URLs from.
import { fallbackFormat, mediaUrl, widthsFor } from '../media-urls.js';
import type { MediaInfo } from './store.js';

/** An image as templates see it (runtime/schemas/image.json). */
export interface ImageObject {
  /** The original's content hash: its URLs are derived from it. */
  id: string;
  /** A ready-to-use URL in the fallback format (JPEG, or PNG with transparency), at most 1280 wide. */
  url: string;
  alt: string;
  /** The original's size, for the `width`/`height` attributes that keep the layout from jumping. */
  width: number;
  height: number;
}

/** Widest derivative `url` points at: enough for a full-width product photo and Open Graph (1200). */
const DEFAULT_URL_WIDTH = 1280;

/** The template object of an original with its alt text. */
export function imageObject(info: MediaInfo, alt: string): ImageObject {
  const widths = widthsFor(info.width);
  const width = [...widths].reverse().find((w) => w <= DEFAULT_URL_WIDTH) ?? widths[0];
  return {
    id: info.hash,
    url: mediaUrl(info.hash, width, fallbackFormat(info.hasAlpha)),
    alt,
    width: info.width,
    height: info.height,
  };
}
