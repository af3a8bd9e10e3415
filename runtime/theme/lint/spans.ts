// Where a finding starts and ends (types.ts, Span): from a rule's offsets or lines and columns,
// and, when the reporter gave only a start (the engine's errors carry no end), the mustache or
// Handlebars node found there, else the rest of the line.
import { walk, type Program } from '../parse.js';
import { hbsEnd } from './html.js';
import { offsetAt, positionAt } from './source.js';
import type { Report, Span } from './types.js';

/** The span from offset start to offset end of a source. */
function spanOf(starts: number[], start: number, end: number): Span {
  const from = positionAt(starts, start);
  const to = positionAt(starts, Math.max(start, end));
  return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

/**
 * Where a range starting at offset ends when nobody said: the end of the Handlebars region that
 * starts at or contains offset ({{…}}, {{{…}}}, {{!-- … --}}), else the rest of the line without
 * trailing blanks (at least one character when the line has one).
 */
export function defaultEnd(source: string, offset: number): number {
  const open = source.lastIndexOf('{{', offset);
  if (open >= 0 && source.lastIndexOf('}}', offset - 1) < open) {
    const end = hbsEnd(source, open);
    if (end > offset && source.endsWith('}}', end)) return end; // an unclosed mustache falls through
  }
  const nl = source.indexOf('\n', offset);
  const lineEnd = nl < 0 ? source.length : nl;
  const end = offset + source.slice(offset, lineEnd).trimEnd().length;
  return Math.max(end, Math.min(offset + 1, lineEnd));
}

/** The end (1-based, exclusive) of the outermost Handlebars node starting at line:column, if any. */
function nodeEndAt(ast: Program, line: number, column: number): { line: number; column: number } | null {
  let best: { line: number; column: number } | null = null;
  walk(ast, (node) => {
    const loc = node.loc;
    if (!loc || loc.start.line !== line || loc.start.column + 1 !== column || node.type === 'Program') return;
    const end = { line: loc.end.line, column: loc.end.column + 1 };
    if (!best || end.line > best.line || (end.line === best.line && end.column > best.column)) best = end;
  });
  return best;
}

/** The span of a report in a file whose source (and template AST) is known; see Report for the defaults. */
export function reportSpan(source: string, starts: number[], r: Report, ast: Program | null = null): Span {
  if (r.offset !== undefined) return spanOf(starts, r.offset, r.end ?? defaultEnd(source, r.offset));
  const line = r.line ?? 1;
  const column = r.column ?? 1;
  if (r.endLine !== undefined) return { line, column, endLine: r.endLine, endColumn: r.endColumn ?? column };
  const start = offsetAt(starts, line, column);
  // A block's node spans up to its {{/close}}: a mustache starting here is the better range.
  const node = ast && !source.startsWith('{{', start) ? nodeEndAt(ast, line, column) : null;
  if (node) return { line, column, endLine: node.line, endColumn: node.column };
  const end = positionAt(starts, defaultEnd(source, start));
  return { line, column, endLine: end.line, endColumn: end.column };
}
