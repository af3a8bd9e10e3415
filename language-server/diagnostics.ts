// Diagnostics: the linter (lintSources) over the whole theme with the unsaved text laid over it, its
// findings for each open document as LSP diagnostics. The whole theme is linted so that a change in
// a partial or layout re-checks the files that use it.
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { lintSources, type ThemeSources } from '../runtime/theme/lint/run.js';
import { RULES } from '../runtime/theme/lint/rules/index.js';
import { ruleHelpUri } from '../runtime/theme/lint/help-uri.js';
import type { Finding, Severity } from '../runtime/theme/lint/types.js';
import type { ThemeLintConfig } from '../runtime/theme/lint/config.js';
import type { TemplateObjects } from '../runtime/theme/objects.js';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

const HELP = new Map(RULES.map((r) => [r.id, ruleHelpUri(r)]));

/** A finding (1-based, end exclusive, UTF-16 columns) as an LSP diagnostic (0-based, end exclusive). */
export function toDiagnostic(f: Finding): Diagnostic {
  const href = HELP.get(f.rule);
  return {
    range: {
      start: { line: f.line - 1, character: f.column - 1 },
      end: { line: f.endLine - 1, character: f.endColumn - 1 },
    },
    severity: SEVERITY[f.severity],
    code: f.rule,
    ...(href ? { codeDescription: { href } } : {}),
    source: 'storefront',
    message: f.message,
  };
}

/** Lints a theme; returns the diagnostics of each theme-relative file (every file with findings). */
export function lintDiagnostics(
  files: ThemeSources,
  objects: TemplateObjects,
  dir: string,
  config?: ThemeLintConfig,
): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  for (const f of lintSources(files, { objects, dir, config }).findings) {
    const list = out.get(f.file) ?? [];
    list.push(toDiagnostic(f));
    out.set(f.file, list);
  }
  return out;
}
