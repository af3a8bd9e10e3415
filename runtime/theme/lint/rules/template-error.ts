// Any other error the engine reports while loading a template (so nothing it rejects can pass):
// the codes error-codes.ts gives to this rule, and any code the table does not list.
import { ruleForCode } from '../error-codes.js';
import type { Rule } from '../types.js';

const rule: Rule = {
  id: 'template-error',
  severity: 'error',
  description: 'any other error the engine reports while loading a template',
  help: 'fix the template at the reported position; storefront dev shows the same error in its overlay',
  checkTheme(ctx) {
    for (const err of ctx.themeErrors) {
      if (ruleForCode(err.code) !== 'template-error' || !err.file) continue;
      ctx.report(err.file, err.line ?? 1, (err.column ?? 0) + 1, `${err.message} (${err.code})`);
    }
  },
};
export default rule;
