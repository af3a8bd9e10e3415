// A page file no route can render: a `_` file or folder or a partials/ folder (never routed), a
// name outside a-z, 0-9 and -, a path a contract route answers with another page, or a second
// page at the same path. See page-routing.ts for the routing assumed.
import { pageName, pageRouting } from '../../page-routing.js';
import type { Rule, ThemeInfo } from '../types.js';

/** A routable spelling of a page name ('About_Us' -> 'about-us'). */
function suggestion(name: string): string {
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
function pageNamesOf(theme: ThemeInfo): string[] {
  let list = names.get(theme);
  if (!list) {
    list = theme.paths.map(pageName).filter((n): n is string => n !== null);
    names.set(theme, list);
  }
  return list;
}

const rule: Rule = {
  id: 'unreachable-page',
  severity: 'warning',
  description:
    'a file under pages/ that no route serves: a `_` or partials/ name, characters outside a-z 0-9 - /, a path a contract route owns, or a second page at the same path',
  help: 'move template pieces to partials/ ({{> name}}); name pages in lowercase letters, digits and -; pick a path no contract route uses',
  check(ctx) {
    const name = pageName(ctx.file);
    if (name === null) return;
    const all = pageNamesOf(ctx.theme);
    const routing = pageRouting(name, all);
    let message: string;
    switch (routing.kind) {
      case 'contract':
      case 'custom':
        return;
      case 'never':
        message =
          routing.reason === 'name'
            ? `${ctx.file} is never served: page names use lowercase letters, digits and - only; rename it to pages/${suggestion(name) || 'page'}.hbs`
            : `${ctx.file} is never served: ${routing.reason === 'underscore' ? 'files and folders starting with _' : 'files in a partials/ folder'} are not routed; move it to partials/ and include it with {{> name}}, or rename it`;
        break;
      case 'shadowed':
        message = `${ctx.file} would be served at ${routing.path}, but the contract route ${routing.route} answers that path with pages/${routing.page}.hbs: choose another path`;
        break;
      case 'duplicate':
        message = `${ctx.file} and pages/${routing.other}.hbs are both served at ${routing.path}: only one of them can be; delete or rename one`;
        break;
    }
    ctx.report({ offset: 0, end: 0, message });
  },
};
export default rule;
