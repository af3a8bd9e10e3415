// A page whose name has characters outside a-z, 0-9 and - (`pages/About_Us.hbs`): no URL serves it,
// which is always a mistake (a `_` prefix is the deliberate way to keep a file unrouted).
import { pageName, pageRouting } from '../../page-routing.js';
import type { Rule, ThemeInfo } from '../types.js';

/** A routable spelling of a page name ('About_Us' -> 'about-us'). */
export function suggestion(name: string): string {
  return name
    .split('/')
    .map((s) =>
      s
        .replace(/^_+/, '')
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('/');
}

const names = new WeakMap<ThemeInfo, string[]>();

/** The page names of a theme, once per lint run. */
export function pageNamesOf(theme: ThemeInfo): string[] {
  let list = names.get(theme);
  if (!list) {
    list = theme.paths.map(pageName).filter((n): n is string => n !== null);
    names.set(theme, list);
  }
  return list;
}

const rule: Rule = {
  id: 'page-name',
  severity: 'error',
  description: 'a page named with characters outside a-z 0-9 - (and / between folders): no URL serves it',
  help: 'rename the page in lowercase letters, digits and -, e.g. pages/about-us.hbs for /about-us',
  check(ctx) {
    const name = pageName(ctx.file);
    if (name === null) return;
    const routing = pageRouting(name, pageNamesOf(ctx.theme));
    if (routing.kind !== 'never' || routing.reason !== 'name') return;
    ctx.report({
      offset: 0,
      end: 0,
      message: `${ctx.file} is never served: page names use lowercase letters, digits and - only; rename it to pages/${suggestion(name) || 'page'}.hbs`,
    });
  },
};
export default rule;
