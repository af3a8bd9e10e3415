// Every <img> needs alt (a text alternative, or alt="" for a decorative image) and width and height
// (so the browser reserves the space before the image arrives: no layout shift). --fix fills in a
// missing width/height from the image file when src is {{asset "…"}} of a PNG, JPEG, GIF, WebP or
// SVG; it never adds alt: alt="" would hide a meaningful image from screen readers, and only a
// person knows which images are decorative.
import { attr, type HtmlTag } from '../html.js';
import { imageSize, type ImageSize } from '../image-size.js';
import type { FileContext, Rule, TextEdit } from '../types.js';

const ASSET_SRC = /^\s*\{\{\s*asset\s+"([^"]+)"\s*\}\}\s*$/;

/** The asset file an <img>'s src names: {{asset "…"}} (or a literal /assets/… path). */
function assetOf(tag: HtmlTag): string | null {
  const src = attr(tag, 'src');
  if (!src || src.value === null) return null;
  const m = ASSET_SRC.exec(src.value);
  if (m) return `assets/${m[1]}`;
  if (!src.dynamic && src.value.trim().startsWith('/assets/'))
    return src.value.trim().split(/[?#]/)[0].slice(1);
  return null;
}

/** A literal positive number of pixels ('28', '28px'), or null. */
function pixels(tag: HtmlTag, name: string): number | null {
  const a = attr(tag, name);
  if (!a || a.dynamic || a.value === null) return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/.exec(a.value);
  return m && Number(m[1]) > 0 ? Number(m[1]) : null;
}

/** The edits adding the missing width/height of an image of a known size. */
function sizeEdits(ctx: FileContext, tag: HtmlTag, size: ImageSize, missing: string[]): TextEdit[] | null {
  let width = size.width;
  let height = size.height;
  if (!missing.includes('width')) {
    const w = pixels(tag, 'width');
    if (w === null) return null;
    width = w;
    height = Math.round((w * size.height) / size.width);
  } else if (!missing.includes('height')) {
    const h = pixels(tag, 'height');
    if (h === null) return null;
    height = h;
    width = Math.round((h * size.width) / size.height);
  }
  const parts = [
    ...(missing.includes('width') ? [`width="${width}"`] : []),
    ...(missing.includes('height') ? [`height="${height}"`] : []),
  ];
  const space = /\s$/.test(ctx.source.slice(tag.start, tag.attrsEnd)) ? '' : ' ';
  return [{ start: tag.attrsEnd, end: tag.attrsEnd, text: `${space}${parts.join(' ')}` }];
}

const rule: Rule = {
  id: 'img-attributes',
  severity: 'warning',
  description: '<img> without alt, width or height',
  help: 'give every image alt (alt="" when it is decorative) and its width and height in pixels, so the page does not jump while it loads',
  fix: 'adds a missing width and height from the image file when src is {{asset "…"}} (never alt)',
  check(ctx) {
    for (const tag of ctx.html?.tags ?? []) {
      if (tag.closing || tag.name !== 'img') continue;
      // An attribute written inside a mustache ({{#if x}}alt="…"{{/if}}) cannot be seen: stay quiet.
      if ((ctx.html?.hbs ?? []).some((h) => h.start > tag.start && h.end < tag.end && !inValue(tag, h.start)))
        continue;
      const missing = ['alt', 'width', 'height'].filter((name) => !attr(tag, name));
      if (!missing.length) continue;
      const asset = assetOf(tag);
      const bytes = asset ? ctx.theme.bytes(asset) : null;
      const size = bytes && asset ? imageSize(bytes, asset) : null;
      const sizeMissing = missing.filter((m) => m !== 'alt');
      const edits = size && sizeMissing.length ? sizeEdits(ctx, tag, size, sizeMissing) : null;
      const advice = [
        ...(missing.includes('alt') ? ['alt="…" describing the image (alt="" when it is decorative)'] : []),
        ...(sizeMissing.length
          ? [
              size
                ? `${sizeMissing.join(' and ')} (${asset} is ${size.width}×${size.height})`
                : sizeMissing.join(' and '),
            ]
          : []),
      ];
      ctx.report({
        offset: tag.start,
        end: tag.end,
        message: `<img> has no ${missing.join(', ').replace(/, ([^,]*)$/, ' or $1')}: add ${advice.join(', and ')}`,
        fix: edits
          ? { description: `added ${edits[0].text.trim()} (the size of ${asset})`, edits }
          : undefined,
      });
    }
  },
};

function inValue(tag: HtmlTag, offset: number): boolean {
  return tag.attrs.some((a) => offset >= a.valueStart && offset < a.valueEnd);
}

export default rule;
