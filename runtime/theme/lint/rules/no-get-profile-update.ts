// GET /_post/profile/update is kept for other consumers only; themes render the profile from
// auth.user and save it with POST (contract, Versioning).
import { attr, formMethod, urlPath } from '../html.js';
import { endpointUses, isGetUse } from '../script.js';
import type { Rule } from '../types.js';

const PATH = /^\/_post\/profile\/update\/?$/;
const HOW =
  'render the profile from auth.user; save it with <form method="post" action="/_post/profile/update"> (or fetch with method POST)';

const rule: Rule = {
  id: 'no-get-profile-update',
  severity: 'error',
  description:
    'removed API: GET /_post/profile/update used by a theme (a link, a GET form, or a GET request in script)',
  help: HOW,
  check(ctx) {
    for (const tag of ctx.html?.tags ?? []) {
      if (tag.closing || (tag.name !== 'a' && tag.name !== 'area' && tag.name !== 'link')) continue;
      if (PATH.test(urlPath(attr(tag, 'href')?.value) ?? ''))
        ctx.report({
          offset: tag.start,
          end: tag.end,
          message: `link to GET /_post/profile/update, a removed API: ${HOW}`,
        });
    }
    for (const form of ctx.html?.forms ?? []) {
      if (PATH.test(urlPath(attr(form.tag, 'action')?.value) ?? '') && formMethod(form) === 'get') {
        ctx.report({
          offset: form.tag.start,
          end: form.tag.end,
          message: `form sends GET /_post/profile/update, a removed API: add method="post"`,
        });
      }
    }
    for (const script of ctx.scripts) {
      for (const use of endpointUses(script)) {
        if (PATH.test(use.path) && isGetUse(use))
          ctx.report({
            offset: use.start,
            end: use.end,
            message: `GET /_post/profile/update in script is a removed API: ${HOW}`,
          });
      }
    }
  },
};
export default rule;
