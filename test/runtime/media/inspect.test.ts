import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { ImageRejected, inspectImage, MAX_ORIGINAL_BYTES } from '../../../runtime/media/inspect.js';
import { jpeg, transparentPng } from '../../helpers/images.js';

const rejection = (bytes: Buffer) =>
  inspectImage(bytes).then(
    () => null,
    (err: unknown) => (err instanceof ImageRejected ? err.message : `unexpected ${String(err)}`),
  );

describe('media inspect', () => {
  it('describes a JPEG and a transparent PNG, keyed by their SHA-256', async () => {
    const photo = await inspectImage(await jpeg(640, 480));
    expect(photo).to.include({ format: 'jpeg', width: 640, height: 480, hasAlpha: false });
    expect(photo.hash).to.match(/^[0-9a-f]{64}$/);
    expect(await inspectImage(await transparentPng(30, 20))).to.include({ format: 'png', hasAlpha: true });
  });

  it('gives the displayed size of a photo rotated by its EXIF orientation', async () => {
    const rotated = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#888' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await inspectImage(rotated)).to.include({ width: 200, height: 400 });
  });

  it('refuses what is not an image, empty, truncated or over 15 MB', async () => {
    expect(await rejection(Buffer.from('<html>not an image</html>'))).to.match(/is not an image/);
    expect(await rejection(Buffer.alloc(0))).to.equal('is empty');
    const whole = await jpeg(600, 600);
    expect(await rejection(whole.subarray(0, whole.length / 2))).to.match(
      /cannot be decoded|is not an image/,
    );
    expect(await rejection(randomBytes(MAX_ORIGINAL_BYTES + 1))).to.match(/at most 15 MB/);
  });

  it('refuses more than 50 megapixels before decoding them (a decompression bomb)', async () => {
    // 10,000 × 6,000 of one colour compresses to a few kilobytes.
    const bomb = await sharp({ create: { width: 10000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).to.be.below(1_000_000);
    expect(await rejection(bomb)).to.match(/60\.0 megapixels/);
  });
});
