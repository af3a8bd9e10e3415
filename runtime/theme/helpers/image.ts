// What the image helpers share: reading an `image` template object and listing its URLs.
import Handlebars from 'handlebars';
import { FORMATS, mediaUrl, widthsFor, type MediaFormat } from '../../media-urls.js';
import { TemplateError } from '../errors.js';
import { optionsOf } from './types.js';

/** The fields of an image object (runtime/schemas/image.json) the helpers use. */
export interface ImageFields {
  id: string;
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** The image object passed to a helper; null for null/undefined (nothing is rendered). */
export function imageArgument(value: unknown, helper: string): ImageFields | null {
  if (value === null || value === undefined) return null;
  const v = value as Partial<ImageFields>;
  if (
    typeof v !== 'object' ||
    typeof v.id !== 'string' ||
    !/^[0-9a-f]{64}$/.test(v.id) ||
    typeof v.url !== 'string' ||
    !Number.isInteger(v.width) ||
    !Number.isInteger(v.height)
  )
    throw new TemplateError(
      `${helper} takes an image object such as product.images.[0], not ${JSON.stringify(value)?.slice(0, 60)}`,
      'bad_image',
    );
  return v as ImageFields;
}

/** The image and the hash arguments of an image helper call (`{{name image key=value}}`). */
export function imageCall(
  args: unknown[],
  helper: string,
  usage: string,
): { image: ImageFields | null; hash: Record<string, unknown> } {
  if (args.length !== 2) throw new TemplateError(`${helper} takes one image: ${usage}`, 'bad_image');
  return {
    image: imageArgument(args[0], helper),
    hash: (optionsOf(args).hash ?? {}) as Record<string, unknown>,
  };
}

/** The fallback format of an image (from its `url`): jpg, or png for one with transparency. */
export function fallbackOf(image: ImageFields): MediaFormat {
  return image.url.endsWith('.png') ? 'png' : 'jpg';
}

// An image's URLs never change (they name its bytes), and a listing writes the same srcsets on every
// render: they are built once per image object (the catalog's cached objects are shared by renders).
const srcsets = new WeakMap<object, Map<string, string>>();

/** `srcset` text for an image in a format: every offered width up to `max`. */
export function srcset(image: ImageFields, format: MediaFormat, max = Infinity): string {
  let forImage = srcsets.get(image);
  if (!forImage) srcsets.set(image, (forImage = new Map()));
  const key = `${format}/${max}`;
  let text = forImage.get(key);
  if (text === undefined) forImage.set(key, (text = buildSrcset(image, format, max)));
  return text;
}

function buildSrcset(image: ImageFields, format: MediaFormat, max: number): string {
  const widths = widthsFor(image.width);
  const kept = widths.filter((w) => w <= max);
  // Always offer at least the smallest, and the first width at or above max (sharp for 1x of max).
  const above = widths.find((w) => w >= max);
  if (above !== undefined && !kept.includes(above)) kept.push(above);
  return kept.map((w) => `${mediaUrl(image.id, w, format)} ${w}w`).join(', ');
}

/** The offered width closest to `wanted` from above (the widest one when none is that wide). */
export function widthFor(image: ImageFields, wanted: number): number {
  const widths = widthsFor(image.width);
  return widths.find((w) => w >= wanted) ?? widths[widths.length - 1];
}

/** A format named in a template, checked. */
export function formatArgument(value: unknown, image: ImageFields, helper: string): MediaFormat {
  if (value === undefined) return fallbackOf(image);
  if (value === 'avif' || value === 'webp') return value;
  if (value === 'jpg' || value === 'png') return fallbackOf(image);
  throw new TemplateError(
    `${helper}: format must be one of ${Object.keys(FORMATS).join(', ')}, not ${JSON.stringify(value)}`,
    'bad_image',
  );
}

/** An attribute value, escaped. */
export function attr(value: unknown): string {
  return Handlebars.Utils.escapeExpression(String(value));
}
