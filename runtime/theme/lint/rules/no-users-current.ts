// users.current() does not exist: the signed-in account is auth.user.
import { matches } from '../source.js';
import type { Rule } from '../types.js';

const rule: Rule = {
  id: 'no-users-current',
  severity: 'error',
  description: 'users.current (in Handlebars, text or scripts): there is no users object',
  help: 'use auth.user (null for guests) and {{#if auth.check}}',
  check(ctx) {
    for (const { m, offset } of matches(/\busers\s*\.\s*current\b/g, ctx.code)) {
      ctx.report({
        offset,
        end: offset + m[0].length,
        message:
          'users.current does not exist: read the signed-in account from auth.user (guarded by {{#if auth.check}})',
      });
    }
  },
};
export default rule;
