// The type checker (runtime/theme/types/) as check-theme rules: one analysis per lint run, shared
// by unknown-field, undefined-variable and helper-argument-type, each reporting its own findings
// with the range of the path expression or argument.
import { typeCheckTheme, type TypeFinding, type TypeFindingCode } from '../types/index.js';
import type { Rule, Severity, ThemeContext, ThemeInfo } from './types.js';

const TEMPLATE = /^(?:layouts|pages|partials)\/.+\.hbs$/;

/** One run's files (ThemeInfo is made once per lint run) → the theme's type findings. */
const runs = new WeakMap<ThemeInfo, TypeFinding[]>();

/** The type findings of the theme being linted (computed once per run). */
export function typeFindings(ctx: ThemeContext): TypeFinding[] {
  let findings = runs.get(ctx.files);
  if (!findings) {
    const templates = ctx.files.paths
      .filter((p) => TEMPLATE.test(p))
      .map((file) => ({ file, ast: ctx.files.ast(file) }));
    findings = templates.length ? typeCheckTheme(templates, { objects: ctx.theme.objects }) : [];
    runs.set(ctx.files, findings);
  }
  return findings;
}

/** A rule reporting the type checker's findings of one kind, at their ranges. */
export function typeRule(spec: {
  id: TypeFindingCode;
  severity?: Severity;
  description: string;
  help: string;
}): Rule {
  return {
    id: spec.id,
    severity: spec.severity ?? 'error',
    description: spec.description,
    help: spec.help,
    checkTheme(ctx) {
      for (const f of typeFindings(ctx)) {
        if (f.code !== spec.id) continue;
        const { line, column, endLine, endColumn, message } = f;
        ctx.reportIn(f.file, { line, column, endLine, endColumn, message });
      }
    },
  };
}
