// Data calls by analysis of the Handlebars AST. Handlebars renders synchronously, so the engine
// finds every data call of a page (and its layouts and partials) before the render, resolves
// the arguments from the request, runs the queries in parallel, and hands the results over.
// Which calls exist, and their arguments, comes from the registry (runtime/template-objects.ts).
import { walk, type Program } from './parse.js';
import { TemplateError } from './errors.js';
import type { ArgType, TemplateObjects } from './objects.js';

/** Where an argument's value comes from. */
export type ArgSource =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'param'; name: string }
  | { kind: 'query'; name: string };

/** One data call site in one template. */
export interface DataCall {
  name: string;
  args: Record<string, ArgSource>;
  file: string;
  line: number;
  column: number;
}

/** What a template reads from the server, as found in its AST. */
export interface TemplateNeeds {
  calls: DataCall[];
  /** Registry objects and context values the template reads (`cart`, `auth`, `csrf_token`…). */
  roots: Set<string>;
  /** Static partial names ({{> name}}) and layouts ({{#extends "layouts/x"}}), with locations. */
  partials: Array<{ name: string; line: number; column: number }>;
  layouts: Array<{ name: string; line: number; column: number }>;
  assets: Array<{ path: string; line: number; column: number }>;
}

/** The parts of a path after an optional @root. */
function pathParts(path: hbs.AST.PathExpression): string[] | null {
  if (path.data) return path.parts[0] === 'root' ? path.parts.slice(1) : null;
  return path.depth === 0 ? path.parts : null;
}

function argSource(call: string, key: string, value: hbs.AST.Expression, file: string): ArgSource {
  switch (value.type) {
    case 'NumberLiteral':
    case 'StringLiteral':
    case 'BooleanLiteral':
      return { kind: 'literal', value: (value as hbs.AST.StringLiteral).value };
    case 'NullLiteral':
    case 'UndefinedLiteral':
      return { kind: 'literal', value: null };
    case 'PathExpression': {
      const parts = pathParts(value as hbs.AST.PathExpression);
      if (
        parts &&
        parts.length === 3 &&
        parts[0] === 'request' &&
        (parts[1] === 'params' || parts[1] === 'query')
      ) {
        return { kind: parts[1] === 'params' ? 'param' : 'query', name: parts[2] };
      }
    }
  }
  throw new TemplateError(
    `${call}: argument ${key} must be a literal, request.params.<name> or request.query.<name> so it can be resolved before the render`,
    'unresolvable_data_call',
    file,
    value.loc.start.line,
    value.loc.start.column,
  );
}

function callOf(
  node: hbs.AST.MustacheStatement | hbs.AST.SubExpression | hbs.AST.BlockStatement,
  file: string,
  objects: TemplateObjects,
): DataCall | null {
  if (node.path.type !== 'PathExpression') return null;
  const parts = pathParts(node.path as hbs.AST.PathExpression);
  if (!parts || !objects.callHeads.has(parts[0])) return null;
  const name = parts.join('.');
  const loc = node.loc.start;
  const spec = objects.call(name);
  if (!spec) {
    throw new TemplateError(
      `unknown data call ${name} (known: ${objects.callNames().join(', ')})`,
      'unknown_data_call',
      file,
      loc.line,
      loc.column,
    );
  }
  if (node.params.length > 0) {
    throw new TemplateError(
      `${name} takes named arguments only, e.g. (${name} ${Object.keys(spec.args)[0]}=…)`,
      'unresolvable_data_call',
      file,
      loc.line,
      loc.column,
    );
  }
  const args: Record<string, ArgSource> = {};
  for (const pair of node.hash?.pairs ?? []) {
    if (!(pair.key in spec.args)) {
      throw new TemplateError(
        `${name} has no argument ${pair.key} (it takes ${Object.keys(spec.args).join(', ')})`,
        'unresolvable_data_call',
        file,
        pair.loc.start.line,
        pair.loc.start.column,
      );
    }
    args[pair.key] = argSource(name, pair.key, pair.value, file);
  }
  for (const req of spec.required) {
    if (!args[req])
      throw new TemplateError(
        `${name} needs the argument ${req}`,
        'unresolvable_data_call',
        file,
        loc.line,
        loc.column,
      );
  }
  return { name, args, file, line: loc.line, column: loc.column };
}

/** Finds what a template needs; throws a TemplateError (with file:line) for an unresolvable call. */
export function analyseTemplate(ast: Program, file: string, objects: TemplateObjects): TemplateNeeds {
  const needs: TemplateNeeds = {
    calls: [],
    roots: new Set(),
    partials: [],
    layouts: [],
    assets: [],
  };
  walk(ast, (node) => {
    switch (node.type) {
      case 'MustacheStatement':
      case 'SubExpression':
      case 'BlockStatement': {
        const n = node as hbs.AST.MustacheStatement;
        const call = callOf(n, file, objects);
        if (call) needs.calls.push(call);
        const head = n.path.type === 'PathExpression' ? (n.path as hbs.AST.PathExpression).original : '';
        const first = n.params[0];
        if (head === 'extends' && first?.type === 'StringLiteral') {
          needs.layouts.push({
            name: (first as hbs.AST.StringLiteral).value,
            line: n.loc.start.line,
            column: n.loc.start.column,
          });
        }
        if (head === 'asset' && first?.type === 'StringLiteral') {
          needs.assets.push({
            path: (first as hbs.AST.StringLiteral).value,
            line: n.loc.start.line,
            column: n.loc.start.column,
          });
        }
        break;
      }
      case 'PartialStatement':
      case 'PartialBlockStatement': {
        const p = node as hbs.AST.PartialStatement;
        const loc = p.loc.start;
        if (p.name.type === 'SubExpression') {
          throw new TemplateError(
            'dynamic partial names are not supported: name the partial, e.g. {{> product-card}}',
            'dynamic_partial',
            file,
            loc.line,
            loc.column,
          );
        }
        const name =
          (p.name as hbs.AST.PathExpression).original ??
          String((p.name as unknown as hbs.AST.StringLiteral).value);
        needs.partials.push({ name, line: loc.line, column: loc.column });
        break;
      }
      case 'PathExpression': {
        const parts = pathParts(node as hbs.AST.PathExpression);
        if (!parts) break;
        if (parts.length > 0 && objects.root(parts[0])) needs.roots.add(parts[0]);
        break;
      }
    }
  });
  return needs;
}

/** Resolved arguments of a call for one request (strings from the URL, numbers for int arguments). */
export function resolveArgs(
  call: DataCall,
  argTypes: Readonly<Record<string, ArgType>>,
  request: { params: Record<string, string>; query: Record<string, string> },
): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, source] of Object.entries(call.args)) {
    raw[key] =
      source.kind === 'literal'
        ? source.value
        : source.kind === 'param'
          ? request.params[source.name]
          : request.query[source.name];
  }
  return normalizeArgs(argTypes, raw);
}

/** Arguments as the data sources receive them: int arguments as integers (or undefined), others as strings. */
export function normalizeArgs(
  spec: Readonly<Record<string, ArgType>>,
  raw: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(key in spec)) continue;
    out[key] =
      spec[key] === 'int' ? toInt(value) : value === undefined || value === null ? '' : String(value);
  }
  return out;
}

function toInt(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
  if (typeof raw === 'string' && /^\d{1,9}$/.test(raw)) return Number(raw);
  return undefined;
}

/** The key under which a call's prefetched result is stored, from its name and resolved args. */
export function callKey(name: string, args: Record<string, unknown>): string {
  const sorted = Object.keys(args)
    .sort()
    .map((k) => [k, args[k]]);
  return `${name}:${JSON.stringify(sorted)}`;
}
