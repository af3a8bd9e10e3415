// <label for="x"> names the id of its field: with no element id="x", the label is not connected
// (clicking it does nothing, screen readers do not announce it with the field). Ids are looked for
// in the template, the partials it includes, the layout it extends and, for a partial, the templates
// that include it. A label whose for="" holds a mustache is skipped; an id="a-{{n}}" counts as
// every id it could produce.
import { attr, literal, type HtmlDocument, type HtmlTag } from '../html.js';
import { partialNames } from '../references.js';
import type { Rule, ThemeInfo } from '../types.js';

const FIELDS = new Set(['input', 'select', 'textarea', 'button', 'meter', 'output', 'progress']);

/** Templates whose ids a label in file may point to. */
function related(theme: ThemeInfo, file: string): string[] {
  const out = new Set<string>([file]);
  const queue = [file];
  // Partials it includes (transitively) and the layout it extends.
  for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
    const ast = theme.ast(f);
    if (!ast) continue;
    const next = partialNames(ast).map((n) => `partials/${n}.hbs`);
    const layout = /\{\{#extends\s+"([^"]+)"/.exec(theme.read(f) ?? '')?.[1];
    if (layout) next.push(`${layout}.hbs`);
    for (const n of next)
      if (!out.has(n)) {
        out.add(n);
        queue.push(n);
      }
  }
  // For a partial: the templates that include it.
  const partial = /^partials\/(.+)\.hbs$/.exec(file)?.[1];
  if (partial !== undefined) for (const p of includersOf(theme).get(partial) ?? []) out.add(p);
  return [...out];
}

const includers = new WeakMap<ThemeInfo, Map<string, string[]>>();

/** Partial name -> the templates including it, computed once per lint run. */
function includersOf(theme: ThemeInfo): Map<string, string[]> {
  let map = includers.get(theme);
  if (map) return map;
  map = new Map();
  for (const p of theme.paths) {
    const ast = /\.hbs$/.test(p) ? theme.ast(p) : null;
    for (const name of ast ? new Set(partialNames(ast)) : []) map.set(name, [...(map.get(name) ?? []), p]);
  }
  includers.set(theme, map);
  return map;
}

/** Matchers for every id attribute of a template: literal ones exactly, id="a-{{n}}" as a pattern. */
function idMatchers(doc: HtmlDocument): Array<(id: string) => boolean> {
  const out: Array<(id: string) => boolean> = [];
  for (const tag of doc.tags) {
    const a = tag.closing ? undefined : attr(tag, 'id');
    if (!a || a.value === null) continue;
    if (!a.dynamic) {
      const id = a.value.trim();
      out.push((x) => x === id);
      continue;
    }
    const re = new RegExp(
      `^${a.value
        .split(/\{\{[\s\S]*?\}\}\}?/)
        .map((s) => s.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    out.push((x) => re.test(x));
  }
  return out;
}

const rule: Rule = {
  id: 'label-for',
  severity: 'warning',
  description:
    '<label for="x"> with no element id="x" in the same template (or the partials and layout it uses)',
  help: 'give the field id="x", or point for="" at the field\'s id',
  fix: 'adds id="x" to the field inside the label, or right after it, when that field has no id',
  check(ctx) {
    const doc = ctx.html;
    if (!doc) return;
    const labels = doc.tags.filter((t) => !t.closing && t.name === 'label' && literal(t, 'for') !== null);
    if (!labels.length) return;
    const matchers = related(ctx.theme, ctx.file).flatMap((f) => {
      const d = f === ctx.file ? doc : ctx.theme.html(f);
      return d ? idMatchers(d) : [];
    });
    for (const label of labels) {
      const forAttr = attr(label, 'for')!;
      const id = forAttr.value!.trim();
      if (!id || matchers.some((m) => m(id))) continue;
      const field = nextField(doc, label);
      const fix =
        field && !attr(field, 'id')
          ? {
              description: `added id="${id}" to the <${field.name}> of <label for="${id}">`,
              edits: [
                {
                  start: field.start + 1 + field.name.length,
                  end: field.start + 1 + field.name.length,
                  text: ` id="${id}"`,
                },
              ],
            }
          : undefined;
      ctx.report({
        offset: forAttr.start,
        end: forAttr.end,
        message: `<label for="${id}"> points at no element: nothing here has id="${id}"; ${fix ? `give its <${field!.name}> id="${id}"` : `give the field id="${id}", or fix for=""`}`,
        fix,
      });
    }
  },
};

/**
 * The field a label is written for: the one field inside it, else the field right after its
 * </label> (no other tag in between); null when there is none or it is not clear which.
 */
function nextField(doc: HtmlDocument, label: HtmlTag): HtmlTag | null {
  const tags = doc.tags;
  let i = tags.indexOf(label) + 1;
  const inside: HtmlTag[] = [];
  while (i < tags.length && !(tags[i].closing && tags[i].name === 'label')) {
    if (tags[i].name === 'label') return null;
    if (!tags[i].closing && FIELDS.has(tags[i].name)) inside.push(tags[i]);
    i++;
  }
  if (i >= tags.length) return null;
  const candidate = inside.length ? (inside.length === 1 ? inside[0] : null) : tags[i + 1];
  if (!candidate || candidate.closing || !FIELDS.has(candidate.name)) return null;
  if (candidate.name === 'input' && (literal(candidate, 'type') ?? '').trim().toLowerCase() === 'hidden')
    return null;
  return candidate;
}

export default rule;
