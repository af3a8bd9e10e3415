// A link to a local path that no page answers is a 404: the contract's routes (page-routes.ts), the
// theme's custom pages (pages/<path>.hbs at /<path>, page-routing.ts) and the server's own paths are all
// there is.
import { customPaths, isServedPath, NON_PAGE_PREFIXES } from '../../page-routing.js';
import type { Rule, ThemeInfo } from '../types.js';
import { pageNamesOf } from './page-name.js';

const cache = new WeakMap<ThemeInfo, Set<string>>();

/** The custom pages' paths of a theme, computed once per lint run. */
function customPathsOf(theme: ThemeInfo): Set<string> {
  let paths = cache.get(theme);
  if (!paths) {
    paths = customPaths(pageNamesOf(theme));
    cache.set(theme, paths);
  }
  return paths;
}

const rule: Rule = {
  id: 'unknown-route-link',
  severity: 'warning',
  description: 'a link (href) to a local path that no contract route or theme page serves',
  help: 'fix the link, or create the page: pages/<path>.hbs is served at /<path> and pages/<path>/index.hbs at /<path>',
  check(ctx) {
    if (ctx.kind !== 'template') return;
    const custom = customPathsOf(ctx.theme);
    for (const tag of ctx.html?.tags ?? []) {
      if (tag.closing || (tag.name !== 'a' && tag.name !== 'area')) continue;
      const href = tag.attrs.find((a) => a.name === 'href');
      if (!href || href.value === null) continue;
      const value = href.value.trim();
      // The path part: up to ?, #; a mustache there makes it unknowable.
      const end = value.search(/[?#]|\{\{/);
      if (end >= 0 && value.startsWith('{{', end)) continue;
      const path = end < 0 ? value : value.slice(0, end);
      if (!path.startsWith('/') || path.startsWith('//')) continue; // remote, relative or a fragment
      if (NON_PAGE_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p)) continue;
      if (isServedPath(path, custom)) continue;
      const name = path.replace(/^\/+|\/+$/g, '');
      ctx.report({
        offset: href.start,
        end: href.end,
        message: `link to ${path}: no route or page serves it, so it is a 404; fix the link or create pages/${name || 'index'}.hbs`,
      });
    }
  },
};
export default rule;
