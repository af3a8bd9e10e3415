// A <script src> in <head> without defer, async or type="module" stops the browser from building
// the page until the script is downloaded and run. In <head>: between <head> and </head> of the
// same template, or anywhere in a partial included there ({{> head-scripts}}).
import { attr, literal, type HtmlDocument, type HtmlTag } from '../html.js';
import { partialNames } from '../references.js';
import { isJavaScript } from '../script.js';
import type { Rule, ThemeInfo } from '../types.js';

/** [start, end) offsets of the <head> elements of a template. */
function headRanges(doc: HtmlDocument, length: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let open: number | null = null;
  for (const tag of doc.tags) {
    if (tag.name === 'head' && !tag.closing) open = tag.end;
    else if (
      open !== null &&
      ((tag.name === 'head' && tag.closing) || (tag.name === 'body' && !tag.closing))
    ) {
      ranges.push([open, tag.start]);
      open = null;
    }
  }
  if (open !== null) ranges.push([open, length]);
  return ranges;
}

const cache = new WeakMap<ThemeInfo, Set<string>>();

/** Partials included inside some template's <head> (directly, or through another such partial). */
function headPartials(theme: ThemeInfo): Set<string> {
  const cached = cache.get(theme);
  if (cached) return cached;
  const found = new Set<string>();
  cache.set(theme, found);
  const queue: string[] = [];
  for (const path of theme.paths) {
    if (!/^(?:layouts|pages|partials)\/.+\.hbs$/.test(path)) continue;
    const doc = theme.html(path);
    if (!doc) continue;
    const ranges = headRanges(doc, theme.read(path)?.length ?? 0);
    for (const region of doc.hbs) {
      if (!ranges.some(([s, e]) => region.start >= s && region.start < e)) continue;
      const m = /^\{\{~?#?>\s*"?([\w./-]+)/.exec(region.text);
      if (m && !found.has(m[1])) {
        found.add(m[1]);
        queue.push(m[1]);
      }
    }
  }
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const ast = theme.ast(`partials/${name}.hbs`);
    for (const inner of ast ? partialNames(ast) : [])
      if (!found.has(inner)) {
        found.add(inner);
        queue.push(inner);
      }
  }
  return found;
}

function blocks(tag: HtmlTag): boolean {
  if (!attr(tag, 'src') || !isJavaScript(tag)) return false;
  if (attr(tag, 'defer') || attr(tag, 'async')) return false;
  const type = attr(tag, 'type');
  if (type?.dynamic || literal(tag, 'type')?.trim().toLowerCase() === 'module') return false;
  return true;
}

const rule: Rule = {
  id: 'parser-blocking-script',
  severity: 'warning',
  description:
    '<script src> in <head> without defer, async or type="module" (blocks the page until it has run)',
  help: 'add defer (runs in order once the page is parsed), or async for a script nothing depends on',
  fix: 'adds defer',
  check(ctx) {
    const doc = ctx.html;
    if (!doc) return;
    const name = /^partials\/(.+)\.hbs$/.exec(ctx.file)?.[1];
    const ranges: Array<[number, number]> =
      name !== undefined && headPartials(ctx.theme).has(name)
        ? [[0, ctx.source.length]]
        : headRanges(doc, ctx.source.length);
    if (!ranges.length) return;
    for (const tag of doc.tags) {
      if (tag.closing || tag.name !== 'script' || !ranges.some(([s, e]) => tag.start >= s && tag.start < e))
        continue;
      if (!blocks(tag)) continue;
      // An attribute added by a mustache ({{#if x}}defer{{/if}}) cannot be seen: stay quiet.
      if (
        doc.hbs.some(
          (h) =>
            h.start > tag.start &&
            h.end < tag.end &&
            !tag.attrs.some((a) => h.start >= a.valueStart && h.start < a.valueEnd),
        )
      )
        continue;
      const space = /\s$/.test(ctx.source.slice(tag.start, tag.attrsEnd)) ? '' : ' ';
      ctx.report({
        offset: tag.start,
        end: tag.end,
        message:
          '<script src> in <head> blocks the page until it is downloaded and run: add defer (or async)',
        fix: {
          description: 'added defer to the <script> in <head>',
          edits: [{ start: tag.attrsEnd, end: tag.attrsEnd, text: `${space}defer` }],
        },
      });
    }
  },
};
export default rule;
