// Real image files for the tests, drawn with sharp: a plain JPEG, a PNG with transparency, and
// bytes that only pretend to be an image.
import sharp from 'sharp';

/** A JPEG of `width`×`height` in one colour (a different colour gives different bytes). */
export function jpeg(width: number, height: number, colour = '#c84'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A PNG with an alpha channel (half transparent). */
export function transparentPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
}
