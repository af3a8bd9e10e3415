// The last step of a lint run: what the rules reported becomes the findings users see, after the
// config's severities, the ignore globs and the inline directives, without duplicates, sorted.
import { RULES } from './rules/index.js';
import { isIgnored } from './config.js';
import { parseDirectives, type Suppressions } from './directives.js';
import type { Finding, Severity } from './types.js';

/** A finding as a rule reported it, before severity and filtering. */
export type RawFinding = Omit<Finding, 'severity' | 'fixable'>;

/** Applies severities, ignore globs and directives, drops duplicates, and sorts by file, line, column, rule. */
export function finishFindings(
  raw: RawFinding[],
  options: { severity: Map<string, Severity>; ignore: RegExp[]; sources: Map<string, string> },
): Finding[] {
  const fixable = new Set(RULES.filter((r) => r.fix).map((r) => r.id));
  const directives = new Map<string, Suppressions>();
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const f of raw) {
    if (isIgnored(f.file, options.ignore)) continue;
    const source = options.sources.get(f.file);
    if (source !== undefined) {
      if (!directives.has(f.file)) directives.set(f.file, parseDirectives(source));
      if (directives.get(f.file)!.isSuppressed(f.rule, f.line)) continue;
    }
    const key = `${f.file}:${f.line}:${f.column}:${f.rule}:${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push({
      file: f.file,
      line: f.line,
      column: f.column,
      endLine: f.endLine,
      endColumn: f.endColumn,
      severity: options.severity.get(f.rule)!,
      rule: f.rule,
      message: f.message,
      fixable: fixable.has(f.rule) && !!f.fix,
      ...(f.fix ? { fix: f.fix } : {}),
    });
  }
  return findings.sort((a, b) =>
    a.file < b.file
      ? -1
      : a.file > b.file
        ? 1
        : a.line - b.line || a.column - b.column || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
}
