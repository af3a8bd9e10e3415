// --fix: applies the mechanical fixes findings carry (missing rel values, the hidden _token field),
// rewrites the files, and says what changed. Runs until nothing more is fixable (at most 5 passes).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintTheme, type LintOptions } from './run.js';
import type { TextEdit } from './types.js';

/** One applied fix. */
export interface FixChange {
  file: string;
  line: number;
  rule: string;
  description: string;
}

/** Applies every available fix to the theme's files; returns what changed. */
export function fixTheme(dir: string, options: LintOptions): FixChange[] {
  const changes: FixChange[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const fixable = lintTheme(dir, options).findings.filter((f) => f.fix);
    if (!fixable.length) break;
    const byFile = new Map<string, typeof fixable>();
    for (const f of fixable) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
    let applied = 0;
    for (const [file, findings] of byFile) {
      const path = join(dir, file);
      let source = readFileSync(path, 'utf8');
      // Apply from the end of the file so earlier offsets stay valid; skip overlapping edits.
      const planned = findings
        .map((f) => ({ f, edits: [...f.fix!.edits].sort((a, b) => b.start - a.start) }))
        .sort((a, b) => b.edits[0].start - a.edits[0].start);
      let limit = Infinity;
      for (const { f, edits } of planned) {
        const first = edits[edits.length - 1];
        if (edits[0].end > limit) continue;
        source = applyEdits(source, edits);
        limit = first.start;
        changes.push({ file, line: f.line, rule: f.rule, description: f.fix!.description });
        applied++;
      }
      writeFileSync(path, source);
    }
    if (!applied) break;
  }
  return changes.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

function applyEdits(source: string, edits: TextEdit[]): string {
  let out = source;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
