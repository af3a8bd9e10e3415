import { expect } from 'chai';
import { fallbackFormat, heightAt, mediaUrl, parseMediaPath, widthsFor } from '../../runtime/media-urls.js';

const H = 'c'.repeat(64);

describe('media URLs', () => {
  it('offers the ladder widths below the original, then the original (capped at 2048)', () => {
    expect(widthsFor(100)).to.deep.equal([100]);
    expect(widthsFor(160)).to.deep.equal([160]);
    expect(widthsFor(700)).to.deep.equal([160, 320, 480, 640, 700]);
    expect(widthsFor(1280)).to.deep.equal([160, 320, 480, 640, 800, 1024, 1280]);
    expect(widthsFor(9000)).to.deep.equal([160, 320, 480, 640, 800, 1024, 1280, 1600, 2048]);
  });

  it('keeps transparency with PNG, else JPEG', () => {
    expect(fallbackFormat(true)).to.equal('png');
    expect(fallbackFormat(false)).to.equal('jpg');
  });

  it('parses exactly the URLs it writes', () => {
    expect(parseMediaPath(mediaUrl(H, 640, 'webp'))).to.deep.equal({ hash: H, width: 640, format: 'webp' });
    for (const bad of [
      `/media/${H}/640.gif`,
      `/media/${H}/0.jpg`,
      `/media/${H}/064.jpg`,
      `/media/${H}/123456.jpg`,
      `/media/${H.slice(1)}/640.jpg`,
      `/media/${H}/640.jpg/x`,
      `/media/${H}/640.JPG`,
      `/other/${H}/640.jpg`,
    ])
      expect(parseMediaPath(bad), bad).to.equal(null);
  });

  it('keeps the aspect ratio', () => {
    expect(heightAt({ width: 1200, height: 800 }, 640)).to.equal(427);
  });
});
