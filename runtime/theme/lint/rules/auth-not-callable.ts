// `auth` is data, not a callable (contract: "templates do not call auth.check()").
import { ruleForCode } from '../error-codes.js';
import { matches } from '../source.js';
import type { Rule } from '../types.js';

// auth.login/logout/update are reported by no-auth-actions.
const CALL = /\bauth\s*\.\s*(?!login\b|logout\b|update\b)([A-Za-z_$][\w$]*)\s*\(/g;

const rule: Rule = {
  id: 'auth-not-callable',
  severity: 'error',
  description:
    'auth.* called as a function: raw text (auth.check()), in <script>, or a Handlebars call/subexpression',
  help: 'auth is a flat data object: write {{#if auth.check}} … {{auth.user.display_name}} instead of calling it',
  check(ctx) {
    for (const { m, offset } of matches(CALL, ctx.code)) {
      ctx.report({
        offset,
        end: offset + m[0].replace(/\s*\($/, '').length,
        message: `auth.${m[1]}() is called as a function, but auth is data: use auth.${m[1]} as a value (e.g. {{#if auth.check}})`,
      });
    }
  },
  checkTheme(ctx) {
    // The engine's own check (static-checks.ts): {{auth.check "x"}}, (auth.check), {{#auth.user x}};
    // the codes are the ones error-codes.ts gives this rule (auth_called).
    for (const err of ctx.themeErrors) {
      if (ruleForCode(err.code) !== rule.id || !err.file || /auth\.(login|logout|update)\b/.test(err.message))
        continue;
      ctx.report(err.file, err.line ?? 1, (err.column ?? 0) + 1, err.message);
    }
  },
};
export default rule;
