// What refers to what inside a theme, for unused-partial, unused-asset and hardcoded-asset-path:
// partial names and {{asset "…"}} paths in templates (read from the Handlebars AST), url() and
// @import in stylesheets, imports and path-like strings in scripts (acorn, else a plain scan).
import { posix } from 'node:path';
import { parse } from 'acorn';
import { walk, type Node, type Program } from '../parse.js';
import type { ScriptNode } from './script.js';

/** Partial names included by a template ({{> name}}, {{#> name}}). */
export function partialNames(ast: Program): string[] {
  const names: string[] = [];
  walk(ast, (node) => {
    if (node.type !== 'PartialStatement' && node.type !== 'PartialBlockStatement') return;
    const name = (node as hbs.AST.PartialStatement).name as {
      type: string;
      original?: string;
      value?: unknown;
    };
    if (name.type === 'PathExpression' && name.original) names.push(name.original);
    else if (name.type === 'StringLiteral' || name.type === 'NumberLiteral') names.push(String(name.value));
  });
  return names;
}

/**
 * Strings a template names assets with: the path of every {{asset "…"}}, and every other string
 * literal of its Handlebars (a partial may receive the path: {{> icon path="icons/cart.svg"}}).
 */
export function templateAssetStrings(ast: Program): string[] {
  const out: string[] = [];
  walk(ast, (node: Node) => {
    if (node.type === 'StringLiteral') out.push((node as hbs.AST.StringLiteral).value);
  });
  return out;
}

/** A hashed asset URL's path without its hash ('css/theme.3f9a1c2e4b.css' -> 'css/theme.css'). */
export function unhashed(path: string): string {
  return path.replace(/\.[0-9a-f]{10}(?=\.[^./]+$|$)/, '');
}

/**
 * The asset path (inside assets/) a reference written in the asset at `from` points to: relative
 * to its folder, or /assets/… from the site root; null for other URLs (remote, data:, a page).
 */
export function resolveAssetRef(ref: string, from: string): string | null {
  const url = ref.trim().split(/[?#]/)[0];
  if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return null;
  let path: string;
  if (url.startsWith('/')) {
    if (!url.startsWith('/assets/')) return null;
    path = url.slice('/assets/'.length);
  } else path = posix.join(posix.dirname(from), url);
  path = posix.normalize(path);
  return path.startsWith('..') || path.startsWith('/') ? null : path;
}

/** url(…) values and @import targets of a stylesheet. */
export function cssReferences(css: string): string[] {
  const out: string[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  for (const m of text.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi))
    out.push(m[1] ?? m[2] ?? m[3]);
  for (const m of text.matchAll(/@import\s+(?:"([^"]*)"|'([^']*)')/gi)) out.push(m[1] ?? m[2]);
  return out;
}

/**
 * Module specifiers and path-like strings of a script: import/export … from, import(), and any
 * string literal (new URL('./x.png', import.meta.url), a worker's file), plus a sourceMappingURL.
 */
export function scriptReferences(js: string): string[] {
  const out: string[] = [];
  const map = /\/\/[#@]\s*sourceMappingURL=(\S+)/.exec(js);
  if (map) out.push(map[1]);
  let ast: ScriptNode | null = null;
  for (const sourceType of ['module', 'script'] as const) {
    try {
      ast = parse(js, { ecmaVersion: 'latest', sourceType }) as unknown as ScriptNode;
      break;
    } catch {
      // try the other source type, then fall back to a plain scan
    }
  }
  if (!ast) {
    for (const m of js.matchAll(/(["'`])((?:\.{1,2}\/|\/assets\/)[^"'`\s]+)\1/g)) out.push(m[2]);
    return out;
  }
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as ScriptNode;
    if (n.type === 'Literal' && typeof n.value === 'string') out.push(n.value);
    if (n.type === 'TemplateLiteral' && (n.expressions as unknown[]).length === 0)
      out.push(String(((n.quasis as ScriptNode[])[0].value as { cooked: string }).cooked));
    for (const key of Object.keys(n)) if (key !== 'type' && key !== 'start' && key !== 'end') visit(n[key]);
  };
  visit(ast);
  return out;
}
