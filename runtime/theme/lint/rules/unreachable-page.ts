// A page file no route can render: a `_` file or folder or a partials/ folder (never routed), a
// path a contract route answers with another page, or a second page at the same path. A name
// outside a-z, 0-9 and - is the error `page-name`. See page-routing.ts for the routing assumed.
import { pageName, pageRouting } from '../../page-routing.js';
import type { Rule } from '../types.js';
import { pageNamesOf } from './page-name.js';

const rule: Rule = {
  id: 'unreachable-page',
  severity: 'warning',
  description:
    'a file under pages/ that no route serves: a `_` or partials/ name, a path a contract route owns, or a second page at the same path',
  help: 'move template pieces to partials/ ({{> name}}); pick a path no contract route uses',
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
        if (routing.reason === 'name') return; // page-name reports it, as an error
        message = `${ctx.file} is never served: ${routing.reason === 'underscore' ? 'files and folders starting with _' : 'files in a partials/ folder'} are not routed; move it to partials/ and include it with {{> name}}, or rename it`;
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
