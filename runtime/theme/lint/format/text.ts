// Terminal output: findings grouped per file as `file:line:col severity rule-id message`, then a
// summary line. Colour only when asked (the CLI asks when stdout is a TTY and NO_COLOR is unset).
import type { Finding, Severity } from '../types.js';

export interface TextOptions {
  color?: boolean;
  /** Number of files checked, for the summary. */
  files: number;
}

const COLORS: Record<Severity | 'bold' | 'dim' | 'green', [number, number]> = {
  error: [31, 39],
  warning: [33, 39],
  info: [36, 39],
  green: [32, 39],
  bold: [1, 22],
  dim: [2, 22],
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : word.endsWith('s') ? '' : 's'}`;
}

/** The text report. */
export function formatText(findings: Finding[], options: TextOptions): string {
  const paint = (style: keyof typeof COLORS, s: string) =>
    options.color ? `\u001b[${COLORS[style][0]}m${s}\u001b[${COLORS[style][1]}m` : s;
  const lines: string[] = [];
  let file: string | null = null;
  for (const f of findings) {
    if (f.file !== file) {
      if (file !== null) lines.push('');
      lines.push(paint('bold', f.file));
      file = f.file;
    }
    lines.push(
      `${f.file}:${f.line}:${f.column} ${paint(f.severity, f.severity)} ${paint('dim', f.rule)} ${f.message}`,
    );
  }
  const count = { error: 0, warning: 0, info: 0 };
  for (const f of findings) count[f.severity]++;
  const filesWith = new Set(findings.map((f) => f.file)).size;
  if (lines.length) lines.push('');
  if (!findings.length) {
    lines.push(paint('green', `✔ no problems in ${plural(options.files, 'file')}`));
  } else {
    const fixable = findings.filter((f) => f.fixable).length;
    const summary = `✖ ${plural(findings.length, 'problem')} (${plural(count.error, 'error')}, ${plural(count.warning, 'warning')}, ${count.info} info) in ${plural(filesWith, 'file')} of ${options.files} checked`;
    lines.push(paint(count.error ? 'error' : count.warning ? 'warning' : 'info', summary));
    if (fixable) lines.push(`  ${plural(fixable, 'problem')} can be fixed with --fix`);
  }
  return `${lines.join('\n')}\n`;
}
