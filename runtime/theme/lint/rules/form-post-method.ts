// The endpoints under /_post/ answer POST only: a form to one of them without method="post" is sent
// as a GET and never reaches the endpoint.
import { attr, formMethod, urlPath } from '../html.js';
import type { Rule } from '../types.js';

const rule: Rule = {
  id: 'form-post-method',
  severity: 'error',
  description: 'a <form action="/_post/…"> without method="post" (it would be sent as a GET)',
  help: 'add method="post" to the form',
  fix: 'adds method="post" to the form, or replaces its other method',
  check(ctx) {
    for (const form of ctx.html?.forms ?? []) {
      const action = urlPath(attr(form.tag, 'action')?.value);
      if (!action || !action.startsWith('/_post/')) continue;
      const method = formMethod(form);
      if (method === null || method === 'post') continue; // method="{{…}}": cannot know
      const existing = attr(form.tag, 'method');
      const edit = existing
        ? { start: existing.start, end: existing.end, text: 'method="post"' }
        : {
            start: form.tag.start + '<form'.length,
            end: form.tag.start + '<form'.length,
            text: ' method="post"',
          };
      ctx.report({
        offset: existing ? existing.start : form.tag.start,
        end: existing ? existing.end : form.tag.end,
        message: `form to ${action} is sent as a GET (${existing ? `method="${existing.value}"` : 'no method'}), but /_post/ endpoints answer POST only: use method="post"`,
        fix: {
          description: `${existing ? `replaced method="${existing.value}" with` : 'added'} method="post" on the form to ${action}`,
          edits: [edit],
        },
      });
    }
  },
};
export default rule;
