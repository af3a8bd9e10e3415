// Every page sets its title: {{set title=…}} read by the layout's <title>, or a <title> of its own.
// 404 counts too (the tab of a missing page should say so). A page that extends a layout must set
// the title outside its {{#block}}s: the layout writes <head> before it renders the blocks, so a
// {{set}} inside one comes too late. --fix adds {{set title="…"}} from the file name after
// {{#extends …}}, except on the contract pages whose title comes from their data (a product, an order).
import type { Node, Program } from '../../parse.js';
import type { HtmlTag } from '../html.js';
import { pageName } from '../../page-routing.js';
import type { Rule, ThemeInfo } from '../types.js';

/** Contract pages showing one record: a title from the file name ("Show") would be wrong. */
const DATA_PAGES: Record<string, string> = {
  'products/show':
    '{{#with (products.find slug=request.params.slug) as |product|}}{{set title=product.name}}{{/with}}',
  'my-orders/show': '{{#with (orders.find id=request.params.id) as |order|}}{{set title=(…)}}{{/with}}',
  'my-orders/tracking': '{{#with (orders.find id=request.params.id) as |order|}}{{set title=(…)}}{{/with}}',
};

/** A title from a page's name: 'about-us' -> 'About us', 'help/index' -> 'Help', '404' -> 'Page not found'. */
export function titleFromName(name: string): string {
  if (name === '404') return 'Page not found';
  const parts = name.split('/');
  if (parts[parts.length - 1] === 'index') parts.pop();
  const last = parts[parts.length - 1];
  if (!last) return 'Home';
  const words = last.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface Scan {
  /** {{set title=…}} outside any {{#block}}. */
  early: boolean;
  /** {{set title=…}} inside a {{#block}} (too late for the layout's <title>). */
  late: hbs.AST.MustacheStatement | null;
  /** The {{#extends …}} block, if the page has one. */
  extendsNode: hbs.AST.BlockStatement | null;
  partials: string[];
}

function headOf(node: { path?: unknown }): string {
  const path = node.path as { type?: string; original?: unknown } | undefined;
  return path?.type === 'PathExpression' ? String(path.original) : '';
}

/** Finds {{set title}} (early or late), the extends block and the partials included outside blocks. */
function scan(program: Program | null | undefined, inBlock: boolean, out: Scan): void {
  for (const node of program?.body ?? []) {
    const n = node as Node & { program?: Program; inverse?: Program };
    if (n.type === 'MustacheStatement') {
      const m = n as unknown as hbs.AST.MustacheStatement;
      if (headOf(m) === 'set' && m.hash?.pairs.some((p) => p.key === 'title')) {
        if (inBlock) out.late ??= m;
        else out.early = true;
      }
    } else if (n.type === 'BlockStatement') {
      const head = headOf(n as unknown as hbs.AST.BlockStatement);
      if (head === 'extends' && !out.extendsNode) out.extendsNode = n as unknown as hbs.AST.BlockStatement;
      const nested = inBlock || head === 'block';
      scan(n.program, nested, out);
      scan(n.inverse, nested, out);
    } else if (n.type === 'PartialStatement' || n.type === 'PartialBlockStatement') {
      const name = (n as unknown as hbs.AST.PartialStatement).name as { original?: unknown };
      if (!inBlock && name.original !== undefined) out.partials.push(String(name.original));
      scan(n.program, inBlock, out);
    }
  }
}

/** True for a <title> element of the document (one inside an inline <svg> names the drawing). */
function hasTitleElement(tags: HtmlTag[]): boolean {
  let svg = 0;
  for (const t of tags) {
    if (t.name === 'svg' && !t.selfClosing) svg += t.closing ? -1 : 1;
    else if (t.name === 'title' && !t.closing && svg <= 0) return true;
  }
  return false;
}

/** True when the page, or a partial it includes outside blocks, has a <title> or an early {{set title}}. */
function hasTitle(theme: ThemeInfo, file: string, scanned: Scan): boolean {
  if (scanned.early) return true;
  const seen = new Set<string>();
  const queue = [file, ...scanned.partials.map((p) => `partials/${p}.hbs`)];
  for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
    if (seen.has(f)) continue;
    seen.add(f);
    if (hasTitleElement(theme.html(f)?.tags ?? [])) return true;
    if (f === file) continue;
    const inner: Scan = { early: false, late: null, extendsNode: null, partials: [] };
    scan(theme.ast(f), false, inner);
    if (inner.early) return true;
    queue.push(...inner.partials.map((p) => `partials/${p}.hbs`));
  }
  return false;
}

const rule: Rule = {
  id: 'page-title',
  severity: 'warning',
  description:
    'a page (404 included) that sets no title: no {{set title=…}} before its blocks and no <title>',
  help: 'add {{set title="…"}} after {{#extends …}}, before {{#block …}}: the layout writes it into <title>',
  fix: 'adds {{set title="…"}} from the file name after {{#extends …}} (not on the product and order pages)',
  check(ctx) {
    const name = pageName(ctx.file);
    if (name === null || !ctx.ast) return;
    const scanned: Scan = { early: false, late: null, extendsNode: null, partials: [] };
    scan(ctx.ast, false, scanned);
    if (hasTitle(ctx.theme, ctx.file, scanned)) return;
    const ext = scanned.extendsNode;
    if (scanned.late) {
      const loc = scanned.late.loc;
      ctx.report({
        line: loc.start.line,
        column: loc.start.column + 1,
        endLine: loc.end.line,
        endColumn: loc.end.column + 1,
        message: `{{set title=…}} inside {{#block}} comes too late: the layout has already written <title>; move it before {{#block …}}, right after {{#extends …}}`,
      });
      return;
    }
    if (!ext) {
      ctx.report({
        offset: 0,
        end: 0,
        message: `${ctx.file} has no <title>: extend a layout and add {{set title="…"}}, or give the page a <title>`,
      });
      return;
    }
    // Right after the {{#extends …}} tag: on its own line, indented like the line that follows.
    const lines = ctx.source.split('\n');
    const openLine = ext.loc.start.line;
    const lineStart = lines.slice(0, openLine - 1).reduce((n, l) => n + l.length + 1, 0);
    const openEnd = ctx.source.indexOf('}}', lineStart + ext.loc.start.column) + 2;
    const suggestion = DATA_PAGES[name];
    const title = titleFromName(name);
    const indent = /^\r?\n([ \t]*)/.exec(ctx.source.slice(openEnd))?.[1] ?? '';
    const text = `{{set title="${title.replace(/["\\]/g, '')}"}}`;
    ctx.report({
      line: openLine,
      column: ext.loc.start.column + 1,
      endLine: openLine,
      endColumn: ext.loc.start.column + 1 + (openEnd - (lineStart + ext.loc.start.column)),
      message: suggestion
        ? `${ctx.file} sets no title: set it from the page's data before {{#block …}}, e.g. ${suggestion}`
        : `${ctx.file} sets no title, so the browser tab shows only the shop's name: add ${text} after {{#extends …}}`,
      fix:
        suggestion || openEnd < 2
          ? undefined
          : {
              description: `added ${text}`,
              edits: [{ start: openEnd, end: openEnd, text: `\n${indent}${text}` }],
            },
    });
  },
};
export default rule;
