// Test helpers for check-theme rules: lint a theme made of inline files, in memory (lintSources).
import { lintSources } from '../../../../runtime/theme/lint/run.js';
import type { ThemeLintConfig } from '../../../../runtime/theme/lint/config.js';
import type { Finding } from '../../../../runtime/theme/lint/types.js';
import { TEMPLATE_OBJECTS } from '../../../../runtime/template-objects.js';

/** Findings of one rule (or all rules when rule is null) over a theme made of files (theme-relative path -> content). */
export function lintFiles(
  rule: string | null,
  files: Record<string, string | Uint8Array>,
  config?: ThemeLintConfig,
): Finding[] {
  return lintSources(files, { objects: TEMPLATE_OBJECTS, only: rule ? [rule] : undefined, config }).findings;
}

/** Findings of one rule for a single page's source. */
export function lintPage(rule: string, source: string, file = 'pages/index.hbs'): Finding[] {
  return lintFiles(rule, { [file]: source });
}

/** 'file:line' of each finding, for compact assertions. */
export function where(findings: Finding[]): string[] {
  return findings.map((f) => `${f.file}:${f.line}`);
}

/** 'line:column-endLine:endColumn' of each finding, for assertions on ranges. */
export function spans(findings: Finding[]): string[] {
  return findings.map((f) => `${f.line}:${f.column}-${f.endLine}:${f.endColumn}`);
}
