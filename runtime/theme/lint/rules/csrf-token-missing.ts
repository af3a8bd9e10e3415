// Every state-changing POST needs the CSRF token; an HTML form sends it as the hidden field _token.
import { attr, urlPath } from '../html.js';
import type { Rule } from '../types.js';

// @root: the form may sit inside {{#each}}/{{#with}} (or a partial rendered there), where a bare
// {{csrf_token}} would be read from the item and render empty (typed templates: unknown-field).
export const TOKEN_INPUT = '<input type="hidden" name="_token" value="{{@root.csrf_token}}">';
const HAS_TOKEN = /name\s*=\s*["']?_token\b/;

const rule: Rule = {
  id: 'csrf-token-missing',
  severity: 'error',
  description: 'a form posting to /_post/… without a _token field',
  help: `add ${TOKEN_INPUT} inside the form`,
  fix: 'inserts the hidden _token input right after the <form> tag',
  check(ctx) {
    for (const form of ctx.html?.forms ?? []) {
      const action = urlPath(attr(form.tag, 'action')?.value);
      if (!action || !action.startsWith('/_post/')) continue;
      if (form.controls.some((c) => attr(c, 'name')?.value === '_token')) continue;
      if (form.partials.some((p) => HAS_TOKEN.test(ctx.theme.readPartial(p) ?? ''))) continue;
      // On its own line, indented like the form's first line, when the form tag ends a line.
      const nl = /^(\r?\n)([ \t]*)/.exec(ctx.source.slice(form.tag.end, form.tag.end + 80));
      const text = nl ? `${nl[1]}${nl[2]}${TOKEN_INPUT}` : TOKEN_INPUT;
      ctx.report({
        offset: form.tag.start,
        end: form.tag.end,
        message: `form posting to ${action} has no _token field, so the server rejects it (csrf_rejected): add ${TOKEN_INPUT} inside the form`,
        fix: {
          description: `added ${TOKEN_INPUT} to the form posting to ${action}`,
          edits: [{ start: form.tag.end, end: form.tag.end, text }],
        },
      });
    }
  },
};
export default rule;
