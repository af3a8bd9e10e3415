// The image URL scheme, shared by the media domain (which serves the URLs) and the theme helpers
// (which write them): which widths and formats exist for an original, and the content-addressed
// URL of each (`/media/<sha256>/<width>.<ext>`). A URL names the bytes it serves for ever, so it is
// cached as immutable; anything else under /media/ is 404.

/** Widths derivatives are made at; an original gets those below its own width, plus its width. */
export const WIDTH_LADDER = [160, 320, 480, 640, 800, 1024, 1280, 1600, 2048] as const;

/** Output formats by URL extension, with the Content-Type each is served as. */
export const FORMATS = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
} as const;
export type MediaFormat = keyof typeof FORMATS;

export const MEDIA_PREFIX = '/media/';
const HASH = /^[0-9a-f]{64}$/;

/** The widths an original of `width` pixels is offered at, ascending; never above the original. */
export function widthsFor(width: number): number[] {
  const out: number[] = WIDTH_LADDER.filter((w) => w < width);
  const top = Math.min(width, WIDTH_LADDER[WIDTH_LADDER.length - 1]);
  if (out[out.length - 1] !== top) out.push(top);
  return out;
}

/** The fallback format of an original: PNG when it has transparency (JPEG would lose it), else JPEG. */
export function fallbackFormat(hasAlpha: boolean): MediaFormat {
  return hasAlpha ? 'png' : 'jpg';
}

/** The URL of one derivative. */
export function mediaUrl(hash: string, width: number, format: MediaFormat): string {
  return `${MEDIA_PREFIX}${hash}/${width}.${format}`;
}

/** What a media URL asks for, or null when the path is not one (→ 404). */
export function parseMediaPath(path: string): { hash: string; width: number; format: MediaFormat } | null {
  if (!path.startsWith(MEDIA_PREFIX)) return null;
  const m = /^([0-9a-f]{64})\/([1-9][0-9]{0,4})\.(avif|webp|jpg|png)$/.exec(path.slice(MEDIA_PREFIX.length));
  if (!m || !HASH.test(m[1])) return null;
  return { hash: m[1], width: Number(m[2]), format: m[3] as MediaFormat };
}

/** The height of a derivative at `width`, keeping the original's aspect ratio. */
export function heightAt(original: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((original.height * width) / original.width));
}
