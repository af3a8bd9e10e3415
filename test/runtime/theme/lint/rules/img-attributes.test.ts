import { expect } from 'chai';
import { imageSize } from '../../../../../runtime/theme/lint/image-size.js';
import { lintFiles, spans } from '../helpers.js';

/** A PNG header of width × height. */
function png(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

/** A JPEG with an APP0, optionally an EXIF orientation, and a SOF0 of width × height. */
function jpeg(width: number, height: number, orientation?: number): Uint8Array {
  const parts: Buffer[] = [
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  ];
  if (orientation) {
    const tiff = Buffer.alloc(26);
    tiff.write('MM', 0, 'ascii');
    tiff.writeUInt16BE(42, 2);
    tiff.writeUInt32BE(8, 4);
    tiff.writeUInt16BE(1, 8); // one entry
    tiff.writeUInt16BE(0x0112, 10);
    tiff.writeUInt16BE(3, 12);
    tiff.writeUInt32BE(1, 14);
    tiff.writeUInt16BE(orientation, 18);
    const body = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
    const len = Buffer.alloc(2);
    len.writeUInt16BE(body.length + 2);
    parts.push(Buffer.from([0xff, 0xe1]), len, body);
  }
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  parts.push(sof);
  return Buffer.concat(parts);
}

describe('check-theme image sizes', () => {
  it('reads PNG, GIF, JPEG (with its EXIF orientation), WebP and SVG headers', () => {
    expect(imageSize(png(640, 480), 'a.png')).to.deep.equal({ width: 640, height: 480 });
    expect(imageSize(Buffer.from([...Buffer.from('GIF89a'), 10, 0, 20, 0]), 'a.gif')).to.deep.equal({
      width: 10,
      height: 20,
    });
    expect(imageSize(jpeg(300, 200), 'a.jpg')).to.deep.equal({ width: 300, height: 200 });
    expect(imageSize(jpeg(300, 200, 6), 'a.jpg')).to.deep.equal({ width: 200, height: 300 });
    const vp8x = Buffer.alloc(30);
    vp8x.write('RIFF', 0, 'ascii');
    vp8x.write('WEBPVP8X', 8, 'ascii');
    vp8x.writeUIntLE(99, 24, 3);
    vp8x.writeUIntLE(49, 27, 3);
    expect(imageSize(vp8x, 'a.webp')).to.deep.equal({ width: 100, height: 50 });
    const svg = (s: string) => imageSize(Buffer.from(s), 'a.svg');
    expect(svg('<svg xmlns="http://www.w3.org/2000/svg" width="28px" height="28">')).to.deep.equal({
      width: 28,
      height: 28,
    });
    expect(svg('<svg viewBox="0 0 64 32">')).to.deep.equal({ width: 64, height: 32 });
    expect(svg('<svg width="128" viewBox="0 0 64 32">')).to.deep.equal({ width: 128, height: 64 });
    expect(svg('<svg width="100%" viewBox="0 0 64 32">')).to.equal(null);
    expect(imageSize(Buffer.from('not an image'), 'a.png')).to.equal(null);
  });
});

describe('check-theme rule img-attributes', () => {
  const files = {
    'assets/images/hero.png': png(1200, 600),
    'assets/images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"></svg>',
  };

  it('reports an <img> without alt, width or height; fixes width and height from the file, never alt', () => {
    const page = [
      '<img src="{{asset "images/hero.png"}}">',
      '<img src="{{asset "images/logo.svg"}}" alt="" width="56">',
      '<img src="{{product.image_url}}" alt="{{product.name}}">',
      '<img src="{{asset "images/hero.png"}}" alt="Our workshop" />',
    ].join('\n');
    const findings = lintFiles('img-attributes', { ...files, 'pages/index.hbs': page });
    expect(spans(findings)).to.deep.equal(['1:1-1:40', '2:1-2:58', '3:1-3:57', '4:1-4:61']);
    expect(findings[0].message).to.equal(
      '<img> has no alt, width or height: add alt="…" describing the image (alt="" when it is decorative), and width and height (assets/images/hero.png is 1200×600)',
    );
    expect(findings.map((f) => f.fixable)).to.deep.equal([true, true, false, true]);
    expect(findings[0].fix!.edits[0].text).to.equal(' width="1200" height="600"');
    expect(findings[1].fix!.edits[0].text).to.equal(' height="56"');
    expect(findings[3].fix!.edits[0].text).to.equal('width="1200" height="600"');
    expect(findings[3].fix!.edits[0].start).to.equal(page.lastIndexOf('/>'));
    expect(findings[0].severity).to.equal('warning');
  });

  it('accepts images with all three, and images whose attributes come from a mustache', () => {
    const page =
      '<img src="{{asset "images/logo.svg"}}" alt="" width="28" height="28">\n<img src="{{src}}" {{#if big}}width="2" height="2"{{/if}} alt="">';
    expect(lintFiles('img-attributes', { ...files, 'pages/index.hbs': page })).to.deep.equal([]);
  });
});
