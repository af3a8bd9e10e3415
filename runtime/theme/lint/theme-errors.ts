// Rules that report the engine's own load errors (Theme.errors()), with the codes each reports
// taken from the static table in error-codes.ts, so check-theme and the runtime can never disagree
// about what is broken.
import { codesOf, type TemplateErrorRule } from './error-codes.js';
import type { Rule, Severity, ThemeContext } from './types.js';

/** A rule reporting the Theme.errors() whose codes the table gives spec.id, each message followed by help. */
export function themeErrorRule(spec: {
  id: TemplateErrorRule;
  severity?: Severity;
  description: string;
  help: string;
}): Rule {
  const codes: readonly string[] = codesOf(spec.id);
  return {
    id: spec.id,
    severity: spec.severity ?? 'error',
    description: spec.description,
    help: spec.help,
    checkTheme(ctx: ThemeContext) {
      for (const err of ctx.themeErrors) {
        if (!codes.includes(err.code) || !err.file) continue;
        ctx.report(err.file, err.line ?? 1, (err.column ?? 0) + 1, `${err.message}; ${spec.help}`);
      }
    },
  };
}
