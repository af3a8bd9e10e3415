// Machine output, stable and documented (schema: json-output.schema.json, docs/check-theme.md):
//   {version: 2, summary: {error, warning, info, files},
//    findings: [{file, line, column, endLine, endColumn, severity, rule, message, fixable}]}
// `files` is the number of files checked. Fields are only ever added under a new version (2 added
// endLine/endColumn; the schema forbids unknown fields, so a v1 reader would reject them).
import type { Finding, Severity } from '../types.js';

export interface JsonReport {
  version: 2;
  summary: Record<Severity, number> & { files: number };
  findings: Array<
    Pick<
      Finding,
      'file' | 'line' | 'column' | 'endLine' | 'endColumn' | 'severity' | 'rule' | 'message' | 'fixable'
    >
  >;
}

/** The JSON report object. */
export function jsonReport(findings: Finding[], files: number): JsonReport {
  const summary = { error: 0, warning: 0, info: 0, files };
  for (const f of findings) summary[f.severity]++;
  return {
    version: 2,
    summary,
    findings: findings.map((f) => ({
      file: f.file,
      line: f.line,
      column: f.column,
      endLine: f.endLine,
      endColumn: f.endColumn,
      severity: f.severity,
      rule: f.rule,
      message: f.message,
      fixable: f.fixable,
    })),
  };
}

/** The JSON report as text. */
export function formatJson(findings: Finding[], files: number): string {
  return `${JSON.stringify(jsonReport(findings, files), null, 2)}\n`;
}
