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

/** The properties of a Handlebars AST node that hold its child nodes. */
export const CHILD_KEYS = ['body', 'program', 'inverse', 'path', 'params', 'hash', 'pairs', 'value', 'name'];

function collect(node: Node, into: Node[]): void {
  into.push(node);
  const n = node as unknown as Record<string, unknown>;
  for (const key of CHILD_KEYS) {
    const child = n[key];
    if (Array.isArray(child)) for (const c of child) collect(c as Node, into);
    else if (child && typeof child === 'object' && 'type' in (child as object)) collect(child as Node, into);
  }
}

// Every lint rule and the analyses walk the same trees again and again (check-theme: a dozen walks
// of each template): a Program's nodes are listed once, in visiting order, and reused.
const programNodes = new WeakMap<Node, Node[]>();

/** Visits every node of a template AST depth-first, parents before children. */
export function walk(node: Node | null | undefined, visit: (node: Node) => void): void {
  if (!node) return;
  let nodes = node.type === 'Program' ? programNodes.get(node) : undefined;
  if (!nodes) {
    nodes = [];
    collect(node, nodes);
    if (node.type === 'Program') programNodes.set(node, nodes);
  }
  for (const n of nodes) visit(n);
}
