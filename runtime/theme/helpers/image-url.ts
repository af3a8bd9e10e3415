// Usage: {{image_url product.images.[0] width=640 format="webp"}}  → /media/<sha256>/640.webp
//   One URL of an image: the narrowest offered width at least `width` wide (the widest there is
//   when the original is narrower), in `format` (avif, webp, or jpg/png = the image's fallback
//   format; default the fallback). For Open Graph tags, CSS backgrounds and preload links.
import { mediaUrl } from '../../media-urls.js';
import { TemplateError } from '../errors.js';
import { formatArgument, imageCall, widthFor } from './image.js';
import type { HelperDefinition } from './types.js';

export const imageUrlHelper: HelperDefinition = {
  name: 'image_url',
  usage: '{{image_url product.images.[0] width=640}}',
  signature: { params: [{ name: 'image', type: 'any' }], returns: 'string' },
  create() {
    return function (...args: unknown[]) {
      const { image, hash } = imageCall(args, 'image_url', '{{image_url product.images.[0] width=640}}');
      if (!image) return '';
      const wanted = hash.width === undefined ? 1280 : Number(hash.width);
      if (!Number.isFinite(wanted) || wanted <= 0)
        throw new TemplateError('image_url: width must be a positive number of pixels', 'bad_image');
      return mediaUrl(image.id, widthFor(image, wanted), formatArgument(hash.format, image, 'image_url'));
    };
  },
};
