// The intrinsic size of an image asset, read from its header (no dependency): PNG, GIF, JPEG (with
// its EXIF orientation, which browsers apply), WebP and SVG (width/height in px or unitless, else
// the viewBox). img-attributes uses it to fill in a missing width and height.

/** Width and height in CSS pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

const be16 = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const le16 = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const be32 = (b: Uint8Array, i: number) =>
  ((b[i] << 24) >>> 0) + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);
const le24 = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

/** The size of an image from its bytes; null for another format or a header it cannot read. */
export function imageSize(bytes: Uint8Array, path: string): ImageSize | null {
  const b = bytes;
  const ok = (width: number, height: number) =>
    width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height) ? { width, height } : null;
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG' && ascii(b, 12, 4) === 'IHDR')
    return ok(be32(b, 16), be32(b, 20));
  if (b.length >= 10 && ascii(b, 0, 4) === 'GIF8') return ok(le16(b, 6), le16(b, 8));
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  if (b.length >= 30 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') {
    const chunk = ascii(b, 12, 4);
    if (chunk === 'VP8 ') return ok(le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff);
    if (chunk === 'VP8L')
      return ok(
        1 + (((b[22] & 0x3f) << 8) | b[21]),
        1 + (((b[24] & 0x0f) << 10) | (b[23] << 2) | ((b[22] & 0xc0) >> 6)),
      );
    if (chunk === 'VP8X') return ok(1 + le24(b, 24), 1 + le24(b, 27));
    return null;
  }
  if (/\.svgz?$/i.test(path)) return svgSize(Buffer.from(b).toString('utf8'));
  return null;
}

function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2;
  let swap = false;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = be16(b, i + 2);
    if (marker === 0xe1 && ascii(b, i + 4, 6) === 'Exif\0\0') swap = exifSwapsAxes(b, i + 10, i + 2 + length);
    const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (sof) {
      const height = be16(b, i + 5);
      const width = be16(b, i + 7);
      if (!width || !height) return null;
      return swap ? { width: height, height: width } : { width, height };
    }
    i += 2 + length;
  }
  return null;
}

/** True when the EXIF orientation (tag 0x0112) turns the image by 90° (values 5–8). */
function exifSwapsAxes(b: Uint8Array, tiff: number, end: number): boolean {
  if (tiff + 8 > end) return false;
  const little = ascii(b, tiff, 2) === 'II';
  const u16 = (i: number) => (little ? le16(b, i) : be16(b, i));
  const u32 = (i: number) => (little ? (le16(b, i) | (le16(b, i + 2) << 16)) >>> 0 : be32(b, i));
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return false;
  const count = u16(ifd);
  for (let k = 0; k < count; k++) {
    const entry = ifd + 2 + k * 12;
    if (entry + 12 > end) return false;
    if (u16(entry) === 0x0112) return u16(entry + 8) >= 5 && u16(entry + 8) <= 8;
  }
  return false;
}

function svgSize(text: string): ImageSize | null {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return null;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const px = (v: string | undefined) => {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/.exec(v ?? '');
    return m ? Math.round(Number(m[1])) : null;
  };
  const width = px(attribute('width'));
  const height = px(attribute('height'));
  const box = (attribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxOk = box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0;
  if (width && height) return { width, height };
  if (boxOk) {
    // One given side keeps the viewBox's aspect ratio; none means the viewBox size.
    if (width) return { width, height: Math.round((width * box[3]) / box[2]) };
    if (height) return { width: Math.round((height * box[2]) / box[3]), height };
    if (attribute('width') === undefined && attribute('height') === undefined)
      return { width: Math.round(box[2]), height: Math.round(box[3]) };
  }
  return null;
}
