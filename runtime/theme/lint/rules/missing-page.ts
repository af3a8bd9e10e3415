// Every route of the contract needs its theme page (plus pages/404.hbs).
import { PAGE_ROUTES, REQUIRED_PAGES } from '../../page-routes.js';
import type { Rule } from '../types.js';

const rule: Rule = {
  id: 'missing-page',
  severity: 'error',
  description: "a page the contract's routes need is missing (pages/<name>.hbs, including 404)",
  help: 'create the page file; the starter theme has one for every route',
  checkTheme(ctx) {
    const have = new Set(ctx.theme.pageNames());
    for (const page of REQUIRED_PAGES) {
      if (have.has(page)) continue;
      const route = PAGE_ROUTES.find((r) => r.page === page)?.path ?? 'the not-found response';
      ctx.report(
        `pages/${page}.hbs`,
        1,
        1,
        `missing page pages/${page}.hbs for ${route}: create it (see themes-starter/pages/${page}.hbs)`,
      );
    }
  },
};
export default rule;
