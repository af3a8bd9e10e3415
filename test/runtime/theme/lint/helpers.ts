// Test helpers for check-theme rules: lint a throwaway theme made of inline files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { lintTheme } from '../../../../runtime/theme/lint/run.js';
import type { ThemeLintConfig } from '../../../../runtime/theme/lint/config.js';
import type { Finding } from '../../../../runtime/theme/lint/types.js';

/** Writes files (theme-relative path -> content) into a new temp theme folder. */
export function makeTheme(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'check-theme-'));
  mkdirSync(join(dir, 'pages'), { recursive: true });
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}

/** Findings of one rule (or all rules when rule is null) over a temp theme made of files. */
export function lintFiles(
  rule: string | null,
  files: Record<string, string>,
  config?: ThemeLintConfig,
): Finding[] {
  const dir = makeTheme(files);
  try {
    return lintTheme(dir, { only: rule ? [rule] : undefined, config }).findings;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Findings of one rule for a single page's source. */
export function lintPage(rule: string, source: string, file = 'pages/index.hbs'): Finding[] {
  return lintFiles(rule, { [file]: source });
}

/** 'file:line' of each finding, for compact assertions. */
export function where(findings: Finding[]): string[] {
  return findings.map((f) => `${f.file}:${f.line}`);
}
