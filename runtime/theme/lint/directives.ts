// Inline directives in templates and theme scripts:
//   {{!-- check-theme-disable-next-line rule-a rule-b --}}   the next line
//   {{!-- check-theme-disable rule-a --}} … {{!-- check-theme-enable rule-a --}}   a range
// No rule id means every rule. In scripts, // and /* */ comments work the same way.
import { lineStarts, positionAt } from './source.js';

const DIRECTIVE = /check-theme-(disable-next-line|disable|enable)\b([^\n]*?)(?=--~?\}\}|~?\}\}|\*\/|$)/gm;

/** Which lines of a file have which rules turned off. */
export interface Suppressions {
  isSuppressed(rule: string, line: number): boolean;
}

/** Reads the directives of one file. */
export function parseDirectives(source: string): Suppressions {
  if (!source.includes('check-theme-')) return { isSuppressed: () => false };
  const starts = lineStarts(source);
  const lines = new Map<number, Set<string> | 'all'>();
  const ranges: Array<{ rules: Set<string> | 'all'; from: number; to: number }> = [];
  const open = new Map<string, number>(); // rule id ('*' = all) -> first disabled line
  let m: RegExpExecArray | null;
  DIRECTIVE.lastIndex = 0;
  while ((m = DIRECTIVE.exec(source))) {
    const ids = m[2].split(/[\s,]+/).filter((s) => /^[a-z0-9-]+$/.test(s));
    const { line } = positionAt(starts, m.index);
    if (m[1] === 'disable-next-line') {
      // The line after the comment's last line.
      const end = positionAt(starts, m.index + m[0].length).line;
      const prev = lines.get(end + 1);
      if (!ids.length || prev === 'all') lines.set(end + 1, 'all');
      else lines.set(end + 1, new Set([...(prev ?? []), ...ids]));
    } else if (m[1] === 'disable') {
      for (const id of ids.length ? ids : ['*']) if (!open.has(id)) open.set(id, line);
    } else {
      const closing = ids.length ? ids : [...open.keys()];
      for (const id of closing) {
        const from = open.get(id);
        if (from === undefined) continue;
        ranges.push({ rules: id === '*' ? 'all' : new Set([id]), from, to: line });
        open.delete(id);
      }
    }
  }
  for (const [id, from] of open)
    ranges.push({ rules: id === '*' ? 'all' : new Set([id]), from, to: Infinity });
  return {
    isSuppressed(rule, line) {
      const l = lines.get(line);
      if (l === 'all' || l?.has(rule)) return true;
      return ranges.some((r) => line >= r.from && line <= r.to && (r.rules === 'all' || r.rules.has(rule)));
    },
  };
}
