// session.profile (filled by script from the old profile API) is removed; the profile is auth.user.
import { matches } from '../source.js';
import type { Rule } from '../types.js';

const rule: Rule = {
  id: 'no-session-profile',
  severity: 'error',
  description: 'removed API: session.profile (in Handlebars, text or scripts)',
  help: 'render profile fields from auth.user (auth.user.display_name, auth.user.phone)',
  check(ctx) {
    for (const { m, offset } of matches(/\bsession\s*\.\s*profile\b/g, ctx.code)) {
      ctx.report({
        offset,
        end: offset + m[0].length,
        message:
          'session.profile is removed: render the profile from auth.user (e.g. {{auth.user.display_name}})',
      });
    }
  },
};
export default rule;
