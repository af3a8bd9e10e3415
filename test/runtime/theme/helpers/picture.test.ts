import { expect } from 'chai';
import { createHandlebars } from '../../../../runtime/theme/helpers/index.js';
import { imageObject } from '../../../../runtime/media/objects.js';

const hb = createHandlebars({ renderTemplate: () => '', assetUrl: (p) => `/assets/${p}` });
const render = (source: string, context: unknown) => hb.compile(source)(context);
const H = 'a'.repeat(64);
const photo = imageObject({ hash: H, width: 1000, height: 750, hasAlpha: false }, 'A "blue" mug & saucer');
const logo = imageObject({ hash: 'b'.repeat(64), width: 300, height: 100, hasAlpha: true }, 'Logo');

describe('theme helper picture', () => {
  it('renders AVIF and WebP sources and a JPEG img with every ladder width up to the original', () => {
    const html = render('{{picture image sizes="(min-width: 50em) 33vw, 100vw"}}', { image: photo });
    const set = (f: string) =>
      [160, 320, 480, 640, 800, 1000].map((w) => `/media/${H}/${w}.${f} ${w}w`).join(', ');
    expect(html).to.equal(
      '<picture>' +
        `<source type="image/avif" srcset="${set('avif')}" sizes="(min-width: 50em) 33vw, 100vw">` +
        `<source type="image/webp" srcset="${set('webp')}" sizes="(min-width: 50em) 33vw, 100vw">` +
        `<img src="/media/${H}/1000.jpg" srcset="${set('jpg')}" sizes="(min-width: 50em) 33vw, 100vw"` +
        ' width="1000" height="750" alt="A &quot;blue&quot; mug &amp; saucer" loading="lazy" decoding="async">' +
        '</picture>',
    );
  });

  it('uses PNG as the fallback of a transparent image', () => {
    const html = render('{{picture image}}', { image: logo });
    expect(html).to.contain(`<img src="/media/${'b'.repeat(64)}/300.png"`);
    expect(html).to.contain('sizes="100vw"');
    expect(html).not.to.contain('.jpg');
  });

  it('takes loading, fetchpriority, class, alt and max', () => {
    const html = render(
      '{{picture image loading="eager" fetchpriority="high" class="hero" alt="" max=400}}',
      {
        image: photo,
      },
    );
    expect(html)
      .to.contain('loading="eager"')
      .and.contain('fetchpriority="high"')
      .and.contain('class="hero"');
    expect(html).to.contain('alt=""');
    expect(html).to.contain('480.jpg 480w"'); // the first width at or above max is the last one offered
    expect(html).not.to.contain('640.jpg');
  });

  it('renders nothing for a missing image and refuses what is no image', () => {
    expect(render('{{picture image}}', {})).to.equal('');
    expect(() => render('{{picture image}}', { image: 'cat.jpg' })).to.throw(/image object/);
    expect(() => render('{{picture image loading="soon"}}', { image: photo })).to.throw(/loading/);
    expect(() => render('{{picture image max=0}}', { image: photo })).to.throw(/max/);
  });
});

describe('theme helper image_url', () => {
  it('gives the narrowest offered width at least as wide as asked, in the format asked', () => {
    expect(render('{{image_url image width=600 format="webp"}}', { image: photo })).to.equal(
      `/media/${H}/640.webp`,
    );
    expect(render('{{image_url image width=5000}}', { image: photo })).to.equal(`/media/${H}/1000.jpg`);
    expect(render('{{image_url image}}', { image: photo })).to.equal(`/media/${H}/1000.jpg`);
    expect(render('{{image_url image width=100 format="jpg"}}', { image: logo })).to.equal(
      `/media/${'b'.repeat(64)}/160.png`,
    );
  });

  it('renders nothing for a missing image and refuses bad arguments', () => {
    expect(render('{{image_url image}}', {})).to.equal('');
    expect(() => render('{{image_url image format="gif"}}', { image: photo })).to.throw(/format/);
    expect(() => render('{{image_url image width=-1}}', { image: photo })).to.throw(/width/);
  });
});
