// Logout is a POST button (contract: "There is no GET logout route"). A link or GET form to
// /logout or /_post/auth/logout logs nobody out and can be triggered cross-site.
import { attr, formMethod, urlPath } from '../html.js';
import { endpointUses, isGetUse } from '../script.js';
import type { Rule } from '../types.js';

const LOGOUT = /^\/(?:logout|_post\/auth\/logout)\/?$/;
const HOW =
  'use <form method="post" action="/_post/auth/logout"> with <input type="hidden" name="_token" value="{{csrf_token}}"> and a submit button';

const rule: Rule = {
  id: 'logout-get',
  severity: 'error',
  description:
    'logout reachable by GET: a link to /logout or /_post/auth/logout, a form to them without method="post", or a GET request in script',
  help: HOW,
  check(ctx) {
    for (const tag of ctx.html?.tags ?? []) {
      if (tag.closing || (tag.name !== 'a' && tag.name !== 'area')) continue;
      const href = attr(tag, 'href');
      if (href && LOGOUT.test(urlPath(href.value) ?? ''))
        ctx.report({
          offset: tag.start,
          end: tag.end,
          message: `link to ${urlPath(href.value)} logs out by GET: ${HOW}`,
        });
    }
    for (const form of ctx.html?.forms ?? []) {
      const action = urlPath(attr(form.tag, 'action')?.value);
      if (!action || !LOGOUT.test(action)) continue;
      const method = formMethod(form);
      if (method === 'get')
        ctx.report({
          offset: form.tag.start,
          end: form.tag.end,
          message: `form to ${action} has ${attr(form.tag, 'method') ? 'method="get"' : 'no method (GET)'}: ${HOW}`,
        });
    }
    for (const script of ctx.scripts) {
      for (const use of endpointUses(script)) {
        if (LOGOUT.test(use.path) && isGetUse(use))
          ctx.report({
            offset: use.start,
            end: use.end,
            message: `${use.path} requested by GET in script: POST it with the X-CSRF-Token header (fetch(…, { method: 'POST', … }))`,
          });
      }
    }
  },
};
export default rule;
