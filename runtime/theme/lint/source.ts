// Text utilities shared by the rules and the runner: offsets to line/column, comment blanking and
// regex matching with absolute offsets.

/** Offsets of the first character of every line. */
export function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** 1-based line and column of an offset. */
export function positionAt(starts: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
}

/** Offset of a 1-based line and column (clamped to the source). */
export function offsetAt(starts: number[], line: number, column: number): number {
  const l = Math.min(Math.max(line, 1), starts.length);
  return Math.max(0, starts[l - 1] + column - 1);
}

/** Replaces every character but newlines with spaces (keeps offsets and lines). */
export function blank(s: string): string {
  return s.replace(/[^\n]/g, ' ');
}

/** The template source with Handlebars comments ({{!-- … --}}, {{! … }}) blanked out. */
export function stripHbsComments(source: string): string {
  return source.replace(/\{\{~?!--[\s\S]*?--~?\}\}|\{\{~?![\s\S]*?\}\}/g, blank);
}

// The global copy of each regex `matches` scans with. Building one per call was most of the
// word-list rules' time (check-theme on 1,000 templates: ~100k copies); a copy in use is taken out of
// the map, so a nested scan with the same regex makes its own and never shares lastIndex.
const globalCopies = new WeakMap<RegExp, RegExp>();

/** Every match of a global regex in text, with absolute offsets (base + index). */
export function* matches(
  re: RegExp,
  text: string,
  base = 0,
): Generator<{ m: RegExpExecArray; offset: number }> {
  let g = globalCopies.get(re);
  if (g) globalCopies.delete(re);
  else g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  g.lastIndex = 0;
  try {
    let m: RegExpExecArray | null;
    while ((m = g.exec(text))) {
      yield { m, offset: base + m.index };
      if (m[0].length === 0) g.lastIndex++;
    }
  } finally {
    globalCopies.set(re, g);
  }
}
