// {{{value}}} (and {{& value}}) writes HTML without escaping: if the value can hold anything a
// customer or an import wrote, a <script> in it runs on the shop's pages. Allowed expressions are
// configured:  "unescaped-output": ["warning", { "allow": ["product.description_html", "*.body_html"] }]
// (`*` stands for any characters but a dot; the expression is the path as written, or the helper's name).
import { walk } from '../../parse.js';
import type { Rule } from '../types.js';

interface Options {
  allow: string[];
}

function matcher(patterns: string[]): (expr: string) => boolean {
  const res = patterns.map(
    (p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^.]*')}$`),
  );
  return (expr) => res.some((re) => re.test(expr));
}

const rule: Rule = {
  id: 'unescaped-output',
  severity: 'warning',
  description: '{{{…}}} or {{& …}} (output without HTML escaping) of an expression not in the allow-list',
  help: 'write {{value}} so the value is escaped; allow a value that holds trusted HTML in .storefront-theme.json ("unescaped-output": ["warning", { "allow": ["path"] }])',
  defaultOptions: { allow: [] },
  parseOptions(value): Options {
    if (value === undefined) return { allow: [] };
    const allow = (value as { allow?: unknown } | null)?.allow;
    if (
      !value ||
      typeof value !== 'object' ||
      Array.isArray(value) ||
      Object.keys(value).some((k) => k !== 'allow') ||
      (allow !== undefined &&
        (!Array.isArray(allow) || allow.some((a) => typeof a !== 'string' || !a.trim())))
    )
      throw new Error('must be { "allow": ["product.description_html", …] }');
    return { allow: (allow as string[] | undefined) ?? [] };
  },
  check(ctx) {
    if (!ctx.ast) return;
    const allowed = matcher((ctx.options as Options | undefined)?.allow ?? []);
    walk(ctx.ast, (node) => {
      if (node.type !== 'MustacheStatement') return;
      const m = node as hbs.AST.MustacheStatement;
      if (m.escaped !== false && (m.escaped as unknown) !== 'false') return;
      const path = m.path as { type: string; original?: unknown };
      const expr =
        path.type === 'PathExpression' ? String(path.original) : String(path.original ?? path.type);
      if (allowed(expr)) return;
      ctx.report({
        line: m.loc.start.line,
        column: m.loc.start.column + 1,
        endLine: m.loc.end.line,
        endColumn: m.loc.end.column + 1,
        message: `{{{${expr}}}} writes ${expr} as raw HTML: a value holding <script> would run on the page; write {{${expr}}}, or add "${expr}" to the unescaped-output allow-list when it is trusted HTML`,
      });
    });
  },
};
export default rule;
