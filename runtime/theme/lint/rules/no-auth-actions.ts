// auth.login, auth.logout and auth.update do not exist in templates: they are POST endpoints.
import { matches } from '../source.js';
import type { Rule } from '../types.js';

const ENDPOINT: Record<string, string> = {
  login: 'a form posting email and password to /_post/auth/login',
  logout: 'a POST form (with _token) to /_post/auth/logout',
  update: 'a POST form to /_post/profile/update with display_name and phone',
};

const rule: Rule = {
  id: 'no-auth-actions',
  severity: 'error',
  description: 'auth.login, auth.logout or auth.update used in a template or script: auth has no actions',
  help: 'use the POST endpoints: /_post/auth/login, /_post/auth/logout, /_post/profile/update',
  check(ctx) {
    for (const { m, offset } of matches(/\bauth\s*\.\s*(login|logout|update)\b/g, ctx.code)) {
      ctx.report({
        offset,
        end: offset + m[0].length,
        message: `auth.${m[1]} does not exist: use ${ENDPOINT[m[1]]}`,
      });
    }
  },
};
export default rule;
