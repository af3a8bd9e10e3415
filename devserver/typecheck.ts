// The type checker (runtime/theme/types/) in `storefront dev`: run on the loaded theme at start and
// after every template save, its findings are warnings — printed in the terminal and sent to the
// browsers as a dismissible panel — and never block a render.
import type { Theme } from '../runtime/theme/theme.js';
import { typeCheckTheme, type TypeFinding } from '../runtime/theme/types/index.js';

/** One warning as the terminal and the browser panel show it. */
export interface TypeWarning {
  rule: TypeFinding['code'];
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
}

/** The type warnings of a loaded theme, sorted by file and position. */
export function themeWarnings(theme: Theme): TypeWarning[] {
  return typeCheckTheme(theme.templateSources(), { objects: theme.objects }).map((f) => ({
    rule: f.code,
    file: f.file,
    line: f.line,
    column: f.column,
    endLine: f.endLine,
    endColumn: f.endColumn,
    message: f.message,
  }));
}

/** `⚠ pages/x.hbs:3:5 unknown-field: message` (yellow when color is on). */
export function warningLine(w: TypeWarning, color = false): string {
  const text = `⚠ ${w.file}:${w.line}:${w.column} ${w.rule}: ${w.message}`;
  return color ? `\x1b[33m${text}\x1b[39m` : text;
}

/** At most `limit` warning lines, then how many more there are. */
export function warningLines(warnings: readonly TypeWarning[], color = false, limit = 20): string[] {
  const lines = warnings.slice(0, limit).map((w) => `  ${warningLine(w, color)}`);
  if (warnings.length > limit)
    lines.push(`  … and ${warnings.length - limit} more (storefront check-theme lists them all)`);
  return lines;
}
