// The one Handlebars parser of the theme language, shared by the engine and `check-theme`.
import Handlebars from 'handlebars';
import { TemplateError } from './errors.js';
import { explainSyntaxError } from './syntax-errors.js';

export type Program = hbs.AST.Program;
export type Node = hbs.AST.Node;

/** Parses a template without Handlebars' whitespace processing; syntax errors become TemplateErrors with a line. */
export function parseTemplate(source: string, file: string): Program {
  try {
    return Handlebars.parseWithoutProcessing(source);
  } catch (err) {
    const e = err as {
      message: string;
      lineNumber?: number;
      column?: number;
      hash?: { loc?: { first_line: number; first_column: number } };
    };
    // A sentence a person understands, at the position the fix goes, with the parser's own words.
    const explained = explainSyntaxError(source, e.message);
    if (explained)
      throw new TemplateError(
        `syntax error: ${explained.sentence}${explained.detail ? ` (Handlebars: ${explained.detail})` : ''}`,
        'syntax_error',
        file,
        explained.line,
        explained.column,
      );
    const line = e.lineNumber ?? e.hash?.loc?.first_line ?? Number(/line (\d+)/.exec(e.message)?.[1] ?? 0);
    const column = e.column ?? e.hash?.loc?.first_column ?? null;
    const firstLine = e.message.split('\n')[0].replace(/ - \d+:\d+$/, '');
    const detail = e.message.split('\n').slice(-1)[0];
    const message = firstLine.startsWith('Parse error')
      ? `syntax error: ${detail}`
      : `syntax error: ${firstLine}`;
    throw new TemplateError(message, 'syntax_error', file, line || null, column);
  }
}

/** Visits every node of a template AST depth-first, parents before children. */
export function walk(node: Node | null | undefined, visit: (node: Node) => void): void {
  if (!node) return;
  visit(node);
  const n = node as unknown as Record<string, unknown>;
  for (const key of ['body', 'program', 'inverse', 'path', 'params', 'hash', 'pairs', 'value', 'name']) {
    const child = n[key];
    if (Array.isArray(child)) for (const c of child) walk(c as Node, visit);
    else if (child && typeof child === 'object' && 'type' in (child as object)) walk(child as Node, visit);
  }
}
