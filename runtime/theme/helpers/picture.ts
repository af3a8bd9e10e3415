// Usage: {{picture product.images.[0] sizes="(min-width: 50em) 33vw, 100vw" loading="lazy" class="card__image"}}
//   → <picture> with AVIF and WebP <source>s and a JPEG (PNG with transparency) <img>, each with a
//     srcset of every ladder width up to the original's, plus sizes, width/height (no layout shift),
//     alt, loading and decoding="async". Nothing is rendered for a null image.
// Hash: sizes (default "100vw"), loading ("lazy" | "eager", default lazy), fetchpriority
// ("high" | "low" | "auto"), class, alt (instead of the image's own), max (widest width offered).
import Handlebars from 'handlebars';
import { TemplateError } from '../errors.js';
import { attr, fallbackOf, imageCall, srcset } from './image.js';
import type { HelperDefinition } from './types.js';

const LOADING = new Set(['lazy', 'eager']);
const PRIORITY = new Set(['high', 'low', 'auto']);

export const pictureHelper: HelperDefinition = {
  name: 'picture',
  usage: '{{picture product.images.[0] sizes="(min-width: 50em) 33vw, 100vw"}}',
  signature: { params: [{ name: 'image', type: 'any' }], returns: 'string' },
  create() {
    return function (...args: unknown[]) {
      const { image, hash } = imageCall(args, 'picture', '{{picture product.images.[0] sizes="100vw"}}');
      if (!image) return '';
      const sizes = hash.sizes === undefined ? '100vw' : String(hash.sizes);
      const loading = hash.loading === undefined ? 'lazy' : String(hash.loading);
      if (!LOADING.has(loading))
        throw new TemplateError(
          `picture: loading must be "lazy" or "eager", not ${JSON.stringify(loading)}`,
          'bad_image',
        );
      const priority = hash.fetchpriority === undefined ? null : String(hash.fetchpriority);
      if (priority !== null && !PRIORITY.has(priority))
        throw new TemplateError(`picture: fetchpriority must be high, low or auto`, 'bad_image');
      const max = hash.max === undefined ? Infinity : Number(hash.max);
      if (!(max > 0))
        throw new TemplateError('picture: max must be a positive number of pixels', 'bad_image');
      const alt = hash.alt === undefined ? image.alt : String(hash.alt);
      const fallback = fallbackOf(image);
      const source = (format: 'avif' | 'webp', type: string) =>
        `<source type="${type}" srcset="${attr(srcset(image, format, max))}" sizes="${attr(sizes)}">`;
      const img =
        `<img src="${attr(image.url)}" srcset="${attr(srcset(image, fallback, max))}" sizes="${attr(sizes)}"` +
        ` width="${image.width}" height="${image.height}" alt="${attr(alt)}" loading="${loading}" decoding="async"` +
        (priority ? ` fetchpriority="${priority}"` : '') +
        (hash.class === undefined ? '' : ` class="${attr(hash.class)}"`) +
        '>';
      return new Handlebars.SafeString(
        `<picture>${source('avif', 'image/avif')}${source('webp', 'image/webp')}${img}</picture>`,
      );
    };
  },
};
