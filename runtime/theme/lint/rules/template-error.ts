// Any other error the engine reports while loading a template (so nothing it rejects can pass).
import { CLAIMED_CODES } from '../theme-errors.js';
import type { Rule } from '../types.js';

const rule: Rule = {
  id: 'template-error',
  severity: 'error',
  description: 'any other error the engine reports while loading a template',
  help: 'fix the template at the reported position; storefront dev shows the same error in its overlay',
  checkTheme(ctx) {
    for (const err of ctx.themeErrors) {
      if (CLAIMED_CODES.has(err.code) || !err.file) continue;
      ctx.report(err.file, err.line ?? 1, (err.column ?? 0) + 1, `${err.message} (${err.code})`);
    }
  },
};
export default rule;
