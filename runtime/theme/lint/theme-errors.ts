// Rules that report the engine's own load errors (Theme.errors()), one rule per error code, so
// check-theme and the runtime can never disagree about what is broken.
import type { Rule, Severity, ThemeContext } from './types.js';

/** Theme.errors() codes some rule reports; template-error reports all others. */
export const CLAIMED_CODES = new Set<string>(['auth_called']);

/** A rule reporting the Theme.errors() with the given codes, each message followed by hint. */
export function themeErrorRule(spec: {
  id: string;
  codes: string[];
  severity?: Severity;
  description: string;
  help: string;
}): Rule {
  for (const code of spec.codes) CLAIMED_CODES.add(code);
  return {
    id: spec.id,
    severity: spec.severity ?? 'error',
    description: spec.description,
    help: spec.help,
    checkTheme(ctx: ThemeContext) {
      for (const err of ctx.themeErrors) {
        if (!spec.codes.includes(err.code) || !err.file) continue;
        ctx.report(err.file, err.line ?? 1, (err.column ?? 0) + 1, `${err.message}; ${spec.help}`);
      }
    },
  };
}
