// The type checker of templates: every path expression resolved statically against the JSON
// Schemas of the registry (runtime/template-objects.ts) with the scope stack of scope.ts, and every
// helper argument checked against the helper's declared parameter types (helpers/*.ts, `signature`).
//
// What `this` is at the top of a file:
// - a page: the page scope (the registry's objects, the data-call heads, every {{set}} name);
// - a layout: what `this` is at its {{#extends}} call sites (the page scope when none);
// - a partial: the union of what `this` is at its {{> name}} call sites across the theme, with the
//   call's hash parameters (`{{> card product=x}}`) as known fields (a fixed point over the call
//   sites, so partials calling partials work); `any` when the theme never calls it (then only its
//   @root paths and its own block parameters are checked).
// {{set}} writes into the page scope, so a name set anywhere in the theme is known everywhere the
// page scope is (a layout reads what its pages set).
//
// The checker never guesses: a type it cannot know is `any`, and nothing is reported about it.
import { CHILD_KEYS, walk, type Node, type Program } from '../parse.js';
import { KNOWN_HELPERS, THEME_HELPERS } from '../helpers/index.js';
import type { HelperSignature, ParamType } from '../helpers/types.js';
import type { TemplateObjects } from '../objects.js';
import {
  ANY,
  BOOLEAN,
  INTEGER,
  NEVER,
  NULL,
  STRING,
  describeType,
  field,
  isAny,
  itemsOf,
  nonNull,
  objectShape,
  scalar,
  typeKey,
  union,
  type Shape,
  type Type,
} from './model.js';
import { packageSchemas, type SchemaIndex } from './schema-index.js';
import { Scope, type Context } from './scope.js';
import { suggest } from './suggest.js';

/** The check-theme rule (and dev warning kind) of a finding. */
export type TypeFindingCode = 'unknown-field' | 'undefined-variable' | 'helper-argument-type';

/** One problem, with the range of the path expression or argument (1-based, end exclusive). */
export interface TypeFinding {
  code: TypeFindingCode;
  /** Theme-relative file ('pages/index.hbs'). */
  file: string;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** What the checker knows about the theme around one template (themeTypeContext builds it). */
export interface TypeContext {
  objects: TemplateObjects;
  schemas: SchemaIndex;
  /** Names bound with {{set}} anywhere in the theme, with the types of the values they get. */
  setNames: ReadonlyMap<string, Type>;
  /** `this` at the top of a layout or partial file ('partials/card.hbs'), from its call sites. */
  selfOf: ReadonlyMap<string, Type>;
}

/** One template of a theme: its theme-relative file and AST (null when it does not parse). */
export interface TemplateSource {
  file: string;
  ast: Program | null;
}

export interface TypeCheckOptions {
  objects: TemplateObjects;
  /** Default: the package's runtime/schemas/. */
  schemas?: SchemaIndex;
}

const SIGNATURES = new Map<string, HelperSignature>(THEME_HELPERS.map((h) => [h.name, h.signature]));

const PARAM_TYPE_TEXT: Record<ParamType, string> = {
  any: 'anything',
  text: 'a string, number or boolean',
  'date-time': 'a date-time string (JSON Schema format date-time)',
  number: 'a number',
  'string-literal': 'a string literal',
};

const ORDINALS = ['first argument', 'second argument', 'third argument'];

/** What the walker reports to: findings (the last pass) and call sites (the passes before). */
interface Sink {
  report: ((finding: Omit<TypeFinding, 'file'>) => void) | null;
  set?(name: string, type: Type): void;
  partial?(name: string, self: Type): void;
  layout?(name: string, self: Type): void;
  /** Every path expression with the scope it is resolved in (pathTypes, for the language server). */
  path?(path: hbs.AST.PathExpression, scope: Scope): void;
  /** Only the statements this holds are walked (the {{set}} pass: statements with a `set` inside). */
  only?: ReadonlySet<Node>;
}

type Loc = hbs.AST.SourceLocation;
type Call = hbs.AST.MustacheStatement | hbs.AST.BlockStatement | hbs.AST.SubExpression;

function range(loc: Loc): Omit<TypeFinding, 'code' | 'file' | 'message'> {
  return {
    line: loc.start.line,
    column: loc.start.column + 1,
    endLine: loc.end.line,
    endColumn: loc.end.column + 1,
  };
}

/** The page scope's type: the registry's objects and call heads, and the {{set}} names. */
function pageScopeType(
  objects: TemplateObjects,
  schemas: SchemaIndex,
  setNames: ReadonlyMap<string, Type>,
): Type {
  const fields = new Map<string, Type>();
  for (const d of objects.all()) {
    if (d.kind === 'call') continue;
    fields.set(d.name, d.schema ? schemas.type(d.schema) : ANY);
  }
  for (const head of objects.callHeads) {
    const methods = new Map<string, Type>();
    for (const name of objects.callNames())
      if (name.startsWith(`${head}.`)) methods.set(name.slice(head.length + 1), ANY);
    fields.set(head, [
      objectShape({ key: `calls:${head}`, label: `the data calls ${head}.*`, fields: methods }),
    ]);
  }
  for (const [name, type] of setNames) if (!fields.has(name)) fields.set(name, type);
  return [objectShape({ key: 'page', label: 'the page scope', fields, root: true })];
}

/** A partial's context: the caller's context (or explicit one) with the hash parameters as fields. */
function withHash(base: Type, hash: ReadonlyMap<string, Type>): Type {
  if (!hash.size) return base;
  const hashKey = [...hash].map(([k, t]) => `${k}=${typeKey(t)}`).join(';');
  const shapes: Shape[] = [];
  for (const shape of base) {
    if (shape.kind === 'object') {
      const fields = new Map(shape.fields());
      for (const [k, t] of hash) fields.set(k, t);
      shapes.push(
        objectShape({
          key: `hash(${shape.key};${hashKey})`,
          label: shape.label,
          fields,
          extra: shape.extra(),
          root: shape.root,
        }),
      );
    } else if (shape.kind !== 'null') {
      shapes.push(
        objectShape({ key: `hash(open;${hashKey})`, label: 'the partial context', fields: hash, extra: ANY }),
      );
    }
  }
  return union(shapes);
}

/** `"css/x.css"`, `42`, `product.name`, `(eq a b)`: an argument as messages show it. */
function argumentText(node: hbs.AST.Expression): string {
  switch (node.type) {
    case 'PathExpression':
      return (node as hbs.AST.PathExpression).original;
    case 'StringLiteral':
      return JSON.stringify((node as hbs.AST.StringLiteral).value);
    case 'SubExpression': {
      const head = (node as hbs.AST.SubExpression).path;
      return `(${head.type === 'PathExpression' ? (head as hbs.AST.PathExpression).original : '…'} …)`;
    }
    default:
      return String((node as hbs.AST.NumberLiteral).value);
  }
}

/** True when a value of type (from node) can be passed where the parameter type is declared. */
function accepts(param: ParamType, type: Type, node: hbs.AST.Expression): boolean {
  if (param === 'any' || isAny(type)) return true;
  const isLiteral = /Literal$/.test(node.type);
  if (param === 'string-literal') return node.type === 'StringLiteral' || (!isLiteral && isAny(type));
  const members = nonNull(type);
  if (!members.length) return true;
  return members.some((s) => {
    switch (param) {
      case 'text':
        return s.kind === 'string' || s.kind === 'integer' || s.kind === 'number' || s.kind === 'boolean';
      case 'date-time':
        return s.kind === 'string' && (Boolean(s.literal) || s.format === 'date-time' || s.format === 'date');
      case 'number':
        return (
          s.kind === 'integer' ||
          s.kind === 'number' ||
          (node.type === 'StringLiteral' && /^-?\d+(\.\d+)?$/.test((node as hbs.AST.StringLiteral).value))
        );
    }
    return true;
  });
}

/** The owner of a field, as messages show it: `product.json`, `a string`. */
function ownerText(shapes: Shape[]): string {
  return [...new Set(shapes.map((s) => (s.kind === 'object' ? s.label : describeType([s]))))].join(' or ');
}

/** Walks one template with a scope stack, resolving every path and checking every helper call. */
class Walker {
  constructor(
    private readonly context: TypeContext,
    private readonly root: Type,
    private readonly sink: Sink,
  ) {}

  private report(code: TypeFindingCode, loc: Loc, message: string): void {
    this.sink.report?.({ code, message, ...range(loc) });
  }

  program(program: Program | null | undefined, scope: Scope): void {
    if (!program) return;
    const only = this.sink.only;
    for (const node of program.body) if (!only || only.has(node)) this.statement(node, scope);
  }

  private statement(node: hbs.AST.Statement, scope: Scope): void {
    switch (node.type) {
      case 'MustacheStatement':
        this.mustache(node as hbs.AST.MustacheStatement, scope);
        break;
      case 'BlockStatement':
        this.block(node as hbs.AST.BlockStatement, scope);
        break;
      case 'PartialStatement':
      case 'PartialBlockStatement':
        this.partial(node as hbs.AST.PartialStatement, scope);
        break;
      case 'DecoratorBlock': // {{#*inline "name"}}: rendered where some partial call says; this is unknown
        this.program((node as unknown as hbs.AST.BlockStatement).program, scope.unknownSelf());
        break;
    }
  }

  /** The helper a call names (`date`, `each`), or null when its head is a path or data call. */
  private helperName(node: Call, scope: Scope): string | null {
    if (node.path.type !== 'PathExpression') return null;
    const path = node.path as hbs.AST.PathExpression;
    if (path.data || path.depth > 0 || path.parts.length !== 1 || /^\.|this\b/.test(path.original))
      return null;
    // A block parameter of the same name wins over a helper, as in Handlebars' compiler.
    if (scope.params.has(path.parts[0])) return null;
    return KNOWN_HELPERS.has(path.parts[0]) ? path.parts[0] : null;
  }

  /** The data call a head names (`products.find`, also under @root), or null. */
  private dataCall(node: Call): string | null {
    if (node.path.type !== 'PathExpression') return null;
    const path = node.path as hbs.AST.PathExpression;
    const parts = path.data
      ? path.parts[0] === 'root'
        ? path.parts.slice(1)
        : null
      : path.depth === 0
        ? path.parts
        : null;
    if (!parts?.length || !this.context.objects.callHeads.has(parts[0])) return null;
    return parts.join('.');
  }

  private isCall(node: Call): boolean {
    return node.type === 'SubExpression' || node.params.length > 0 || (node.hash?.pairs.length ?? 0) > 0;
  }

  private mustache(node: hbs.AST.MustacheStatement, scope: Scope): void {
    if (node.path.type !== 'PathExpression') return; // {{"literal"}}
    if (this.helperName(node, scope) || this.dataCall(node) || this.isCall(node)) {
      this.call(node, scope);
      return;
    }
    this.path(node.path as hbs.AST.PathExpression, scope);
  }

  /** A helper call, data call or unknown call: its arguments; returns what it gives. */
  private call(node: Call, scope: Scope): Type {
    const helper = this.helperName(node, scope);
    const call = helper ? null : this.dataCall(node);
    const args = node.params.map((p) => this.expr(p, scope));
    const hash = new Map<string, Type>();
    for (const pair of node.hash?.pairs ?? []) hash.set(pair.key, this.expr(pair.value, scope));
    if (call) {
      const spec = this.context.objects.call(call);
      // An unknown call is the engine's unresolvable-data-call error.
      return spec?.schema ? union(this.context.schemas.type(spec.schema), NULL) : ANY;
    }
    if (!helper) return ANY; // unknown helpers and `auth.x(…)` are the engine's errors
    if (helper === 'set') for (const [name, type] of hash) this.sink.set?.(name, type);
    const signature = SIGNATURES.get(helper);
    if (!signature) return ANY; // lookup, log and the block built-ins
    node.params.forEach((param, i) => {
      const declared = signature.params[i]?.type ?? signature.rest;
      if (!declared || accepts(declared, args[i], param)) return;
      this.report(
        'helper-argument-type',
        param.loc,
        `\`${helper}\` takes ${PARAM_TYPE_TEXT[declared]}${node.params.length > 1 ? ` as its ${ORDINALS[i] ?? `argument ${i + 1}`}` : ''}, but \`${argumentText(param)}\` is ${describeType(args[i])}`,
      );
    });
    return signature.returns === 'boolean' ? BOOLEAN : signature.returns === 'string' ? STRING : ANY;
  }

  private block(node: hbs.AST.BlockStatement, scope: Scope): void {
    const helper = this.helperName(node, scope);
    const blockParams = node.program?.blockParams ?? [];
    const first = node.params[0];
    switch (helper) {
      case 'each':
      case 'for': {
        const collection = first ? this.expr(first, scope) : ANY;
        const item = itemsOf(collection);
        const key = union(
          ...collection.map((s): Type =>
            s.kind === 'array' ? INTEGER : s.kind === 'object' ? STRING : s.kind === 'null' ? NEVER : ANY,
          ),
        );
        const name = first ? `an item of \`${argumentText(first)}\`` : 'an item';
        const inner = scope
          .withContext({ type: item, name })
          .withParams(blockParams, [item, key])
          .withData(
            new Map([
              ['index', INTEGER],
              ['key', key],
              ['first', BOOLEAN],
              ['last', BOOLEAN],
            ]),
          );
        for (const pair of node.hash?.pairs ?? []) this.expr(pair.value, scope);
        this.program(node.program, inner);
        this.program(node.inverse, scope);
        return;
      }
      case 'with': {
        const value = first ? nonNull(this.expr(first, scope)) : ANY;
        const same =
          first?.type === 'PathExpression' &&
          (first as hbs.AST.PathExpression).parts.length === 0 &&
          (first as hbs.AST.PathExpression).depth === 0;
        const context: Context = { type: value, name: first ? `\`${argumentText(first)}\`` : 'this' };
        const inner = (same ? scope : scope.withContext(context)).withParams(blockParams, [value]);
        this.program(node.program, inner);
        this.program(node.inverse, scope);
        return;
      }
      case 'if':
      case 'unless':
      case 'block':
        if (helper === 'block') this.call(node, scope);
        else for (const p of node.params) this.expr(p, scope);
        this.program(node.program, scope.withParams(blockParams, []));
        this.program(node.inverse, scope);
        return;
      case 'extends': {
        this.call(node, scope);
        if (first?.type === 'StringLiteral')
          this.sink.layout?.((first as hbs.AST.StringLiteral).value, scope.self.type);
        this.program(node.program, scope);
        this.program(node.inverse, scope);
        return;
      }
    }
    if (helper || this.dataCall(node) || this.isCall(node)) {
      // Other helpers as blocks, data calls as blocks, unknown block helpers: what the body sees is unknown.
      this.call(node, scope);
    } else if (node.path.type === 'PathExpression') {
      // {{#cart.items}}…{{/cart.items}}: Handlebars' blockHelperMissing (iterate, or use as context).
      this.path(node.path as hbs.AST.PathExpression, scope);
    }
    const unknown = scope.withContext({ type: ANY, name: 'this' }).withParams(blockParams, []);
    this.program(node.program, unknown);
    this.program(node.inverse, scope);
  }

  private partial(node: hbs.AST.PartialStatement, scope: Scope): void {
    if (node.name.type === 'SubExpression') return; // a dynamic partial: the engine refuses it
    const base = node.params[0] ? this.expr(node.params[0], scope) : scope.self.type;
    const hash = new Map<string, Type>();
    for (const pair of node.hash?.pairs ?? []) hash.set(pair.key, this.expr(pair.value, scope));
    const name =
      (node.name as hbs.AST.PathExpression).original ??
      String((node.name as unknown as hbs.AST.StringLiteral).value);
    if (!name.startsWith('@')) this.sink.partial?.(name, withHash(base, hash)); // not {{> @partial-block}}
    if ((node as hbs.AST.Node).type === 'PartialBlockStatement')
      this.program((node as unknown as hbs.AST.PartialBlockStatement).program, scope.unknownSelf());
  }

  /** The type of an argument, reporting what is wrong inside it. */
  private expr(node: hbs.AST.Expression, scope: Scope): Type {
    switch (node.type) {
      case 'PathExpression':
        return this.path(node as hbs.AST.PathExpression, scope);
      case 'SubExpression':
        return this.call(node as hbs.AST.SubExpression, scope);
      case 'StringLiteral':
        return scalar('string', undefined, true);
      case 'NumberLiteral':
        return scalar(
          Number.isInteger((node as hbs.AST.NumberLiteral).value) ? 'integer' : 'number',
          undefined,
          true,
        );
      case 'BooleanLiteral':
        return BOOLEAN;
      case 'NullLiteral':
      case 'UndefinedLiteral':
        return NULL;
    }
    return ANY;
  }

  /** Resolves a path expression in scope, reporting an unknown name or field at its range. */
  private path(path: hbs.AST.PathExpression, scope: Scope): Type {
    this.sink.path?.(path, scope);
    return this.resolve(path, scope);
  }

  /** The type a path expression reads in scope (reporting what is unknown to the sink). */
  resolve(path: hbs.AST.PathExpression, scope: Scope): Type {
    const parts = path.parts;
    if (path.data) {
      if (path.depth > 0) return ANY; // @../index: a parent {{#each}}'s data
      if (parts[0] === 'root') return this.fields(this.root, parts, 1, path, { variable: true, scope });
      const data = scope.data.get(parts[0]) ?? ANY; // @index…, or data the checker does not know
      return this.fields(data, parts, 1, path, {});
    }
    const scoped = /^\.|this\b/.test(path.original);
    if (path.depth === 0 && !scoped && parts.length && scope.params.has(parts[0]))
      return this.fields(scope.params.get(parts[0])!, parts, 1, path, {});
    const context = scope.up(path.depth);
    return this.fields(context.type, parts, 0, path, { variable: true, context, scope });
  }

  /**
   * Reads parts[from…] of base, reporting the first field no member of its type has: an unknown
   * name of the page scope is an undefined variable, anything else an unknown field.
   */
  private fields(
    base: Type,
    parts: readonly string[],
    from: number,
    path: hbs.AST.PathExpression,
    where: { variable?: boolean; context?: Context; scope?: Scope },
  ): Type {
    let type = base;
    for (let i = from; i < parts.length; i++) {
      const name = parts[i];
      const result = field(type, name);
      if (result.ok) {
        type = result.type;
        continue;
      }
      const atHead = i === from;
      const params =
        atHead && where.scope && !path.data && path.depth === 0 ? [...where.scope.params.keys()] : [];
      const hint = suggest(name, [...result.known, ...params]);
      const didYouMean = hint ? `; did you mean \`${hint}\`?` : '';
      if (atHead && where.variable && result.shapes.some((s) => s.kind === 'object' && s.root)) {
        this.report(
          'undefined-variable',
          path.loc,
          `\`${name}\` is not defined: no template object, {{set}} value or block parameter has this name${didYouMean}`,
        );
        return ANY;
      }
      const owner =
        atHead && where.context
          ? where.context.name === 'this'
            ? '`this`'
            : `this, ${where.context.name}`
          : `\`${pathPrefix(path, i)}\``;
      const known = result.known.length
        ? `; its fields: ${result.known.slice(0, 12).join(', ')}${result.known.length > 12 ? ', …' : ''}`
        : '';
      this.report(
        'unknown-field',
        path.loc,
        `\`${name}\` is not a field of ${owner} (${ownerText(result.shapes)})${hint ? didYouMean : known}`,
      );
      return ANY;
    }
    return type;
  }
}

/** The path up to (not including) parts[end], as written: `product`, `@root.auth`, `../order`. */
function pathPrefix(path: hbs.AST.PathExpression, end: number): string {
  const start = path.data
    ? '@'
    : `${'../'.repeat(path.depth)}${/^this\b/.test(path.original) ? 'this.' : ''}`;
  return `${start}${path.parts.slice(0, end).join('.')}`;
}

/** The type with literal scalars made plain values. */
function withoutLiterals(type: Type): Type {
  return union(
    ...type.map((s): Type =>
      s.kind !== 'any' && 'literal' in s && s.literal ? scalar(s.kind, s.format) : [s],
    ),
  );
}

/**
 * Adds node and every node under it that has a `set` path inside (or is one) to into; true when
 * node has one. The {{set}} pass walks only those: a statement without one reports no set value,
 * and skipping it changes nothing else (scopes are immutable, the pass reports nothing).
 */
function markSetPaths(node: Node, into: Set<Node>): boolean {
  if (node.type === 'PathExpression') {
    const path = node as hbs.AST.PathExpression;
    const found = path.parts.length === 1 && path.parts[0] === 'set';
    if (found) into.add(node);
    return found;
  }
  // Text, comments and literals: no children (most of the nodes of a page).
  if (node.type === 'ContentStatement' || node.type === 'CommentStatement' || node.type.endsWith('Literal'))
    return false;
  let found = false;
  const n = node as unknown as Record<string, unknown>;
  for (const key of CHILD_KEYS) {
    const child = n[key];
    if (Array.isArray(child)) {
      for (const c of child) if (markSetPaths(c as Node, into)) found = true;
    } else if (child && typeof child === 'object' && 'type' in child && markSetPaths(child as Node, into))
      found = true;
  }
  if (found) into.add(node);
  return found;
}

/** `this` at the top of a template file, from the context. */
function selfOf(file: string, context: TypeContext, root: Type): Context {
  const known = context.selfOf.get(file);
  if (file.startsWith('partials/')) return { type: known ?? ANY, name: 'this' };
  if (file.startsWith('layouts/') && known) return { type: known, name: 'the page' };
  return { type: root, name: 'the page' };
}

// The page scope's type of a context, built once: it lists every registry object (schemas resolved),
// and every template of a theme is walked with it.
const pageScopes = new WeakMap<TypeContext, Type>();

/** The page scope's type of a context (computed once per context). */
function contextRoot(context: TypeContext): Type {
  let root = pageScopes.get(context);
  if (!root) {
    root = pageScopeType(context.objects, context.schemas, context.setNames);
    pageScopes.set(context, root);
  }
  return root;
}

function runWalker(ast: Program, file: string, context: TypeContext, sink: Sink, root?: Type): void {
  const pageScope = root ?? contextRoot(context);
  new Walker(context, pageScope, sink).program(ast, Scope.top(pageScope, selfOf(file, context, pageScope)));
}

/** Sorted by position, as typeCheckTemplate returns them. */
function byPosition(findings: TypeFinding[]): TypeFinding[] {
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * The type findings of one template (file is theme-relative: 'pages/index.hbs'), sorted by position.
 * Build the context with themeTypeContext so {{set}} names and partial contexts are known.
 */
export function typeCheckTemplate(ast: Program, file: string, context: TypeContext): TypeFinding[] {
  const findings: TypeFinding[] = [];
  runWalker(ast, file, context, { report: (f) => findings.push({ file, ...f }) });
  return byPosition(findings);
}

/** A path expression of a template with what each of its prefixes reads (pathTypes). */
export interface PathTypes {
  path: hbs.AST.PathExpression;
  /** The scope the path is resolved in (block parameters, `this`, data variables). */
  scope: Scope;
  /**
   * prefixes[i]: the type of the path's first i parts, the value parts[i] is read from
   * (prefixes[0] is `this`, or what `@` or `../` reach); prefixes[parts.length] is the path's type.
   */
  prefixes: Type[];
}

/**
 * Every path expression of a template with the types of its prefixes, resolved as the checker does
 * (the language server's completion and hover). Build the context with themeTypeContext.
 */
export function pathTypes(ast: Program, file: string, context: TypeContext): PathTypes[] {
  const pageScope = pageScopeType(context.objects, context.schemas, context.setNames);
  const quiet = new Walker(context, pageScope, { report: null });
  const out: PathTypes[] = [];
  const sink: Sink = {
    report: null,
    path(path, scope) {
      const prefixes: Type[] = [];
      for (let i = 0; i <= path.parts.length; i++)
        prefixes.push(quiet.resolve({ ...path, parts: path.parts.slice(0, i) }, scope));
      out.push({ path, scope, prefixes });
    },
  };
  runWalker(ast, file, context, sink, pageScope);
  return out;
}

const MAX_PASSES = 8;

/** Appends to the list under key (in place: a layout is called from every page). */
function push<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

/**
 * One walk of a template with a given `this` at its top: the partial and layout call sites it
 * makes and the findings it reports. A walk depends only on the template, the theme-wide part of
 * the context (the same in every pass) and that `this`.
 */
interface Walk {
  /** The exact Type object `this` was (identity: the walk is reused only for that very object). */
  self: Type;
  sites: Array<{ file: string; type: Type }>;
  findings: TypeFinding[];
}

/** A theme's type context, with the last walk of each template made while building it. */
interface ThemeAnalysis {
  context: TypeContext;
  walks: ReadonlyMap<TemplateSource, Walk>;
}

/** What the checker needs to know about a whole theme: {{set}} names and the contexts of partials and layouts. */
export function themeTypeContext(
  templates: readonly TemplateSource[],
  options: TypeCheckOptions,
): TypeContext {
  return analyseTheme(templates, options).context;
}

/**
 * Builds the theme's type context. The fixed point over call sites walks the theme several times,
 * but a page's `this` is the page scope in every pass: each template is walked again only when its
 * `this` changed (in practice: the few layouts and partials), and the last walks are kept so
 * typeCheckTheme does not walk the pages once more (check-theme on 1,000 templates: 5 walks of
 * each page down to 2).
 */
function analyseTheme(templates: readonly TemplateSource[], options: TypeCheckOptions): ThemeAnalysis {
  const schemas = options.schemas ?? packageSchemas();
  const parsed = templates.filter((t): t is { file: string; ast: Program } => t.ast !== null);

  // 1. The {{set}} names, then the types of their values (with every set name known as any).
  const names = new Map<string, Type>();
  for (const t of parsed)
    walk(t.ast, (node) => {
      const n = node as hbs.AST.MustacheStatement;
      if (node.type !== 'MustacheStatement' || n.path.type !== 'PathExpression') return;
      if ((n.path as hbs.AST.PathExpression).original !== 'set') return;
      for (const pair of n.hash?.pairs ?? []) names.set(pair.key, ANY);
    });
  const setTypes = new Map<string, Type[]>();
  const first: TypeContext = { objects: options.objects, schemas, setNames: names, selfOf: new Map() };
  const firstRoot = contextRoot(first);
  const withSet = new Set<Node>();
  for (const t of parsed) markSetPaths(t.ast, withSet);
  for (const t of parsed)
    runWalker(
      t.ast,
      t.file,
      first,
      {
        report: null,
        // A value set from a literal is a plain value where it is read ({{date title}} is not a literal).
        set: (name, type) => push(setTypes, name, withoutLiterals(type)),
        only: withSet,
      },
      firstRoot,
    );
  const setNames = new Map([...setTypes].map(([name, types]) => [name, union(...types)]));

  // 2. The contexts of partials and layouts: a fixed point over the call sites, from nothing up.
  const root = pageScopeType(options.objects, schemas, setNames);
  const called = new Set<string>();
  const walks = new Map<TemplateSource, Walk>();
  const collect = (self: ReadonlyMap<string, Type>): Map<string, Type> => {
    const sites = new Map<string, Type[]>();
    const add = (file: string, type: Type) => {
      called.add(file);
      push(sites, file, type);
    };
    const ctx: TypeContext = { objects: options.objects, schemas, setNames, selfOf: self };
    for (const t of parsed) {
      const top = selfOf(t.file, ctx, root).type;
      let walk = walks.get(t);
      if (walk?.self !== top) {
        const made: Walk = { self: top, sites: [], findings: [] };
        runWalker(
          t.ast,
          t.file,
          ctx,
          {
            report: (f) => made.findings.push({ file: t.file, ...f }),
            partial: (name, type) => made.sites.push({ file: `partials/${name}.hbs`, type }),
            layout: (name, type) => made.sites.push({ file: `${name}.hbs`, type }),
          },
          root,
        );
        walk = made;
        walks.set(t, walk);
      }
      for (const site of walk.sites) add(site.file, site.type);
    }
    return new Map([...sites].map(([file, types]) => [file, union(...types)]));
  };
  const keys = (m: ReadonlyMap<string, Type>) => new Map([...m].map(([f, t]) => [f, typeKey(t)]));
  let self = new Map<string, Type>();
  collect(self); // which files are called at all
  for (const file of called) if (file.startsWith('partials/')) self.set(file, NEVER);
  let settled = false;
  for (let pass = 0; pass < MAX_PASSES && !settled; pass++) {
    const next = collect(self);
    const before = keys(self);
    const after = keys(next);
    settled = before.size === after.size && [...after].every(([f, k]) => before.get(f) === k);
    if (!settled && pass === MAX_PASSES - 1)
      for (const [f, k] of after) if (before.get(f) !== k) next.set(f, ANY); // recursive partials that keep growing
    self = next;
  }
  // A partial only reachable from partials nobody calls: unknown.
  for (const [file, type] of self) if (!type.length) self.set(file, ANY);
  const context: TypeContext = { objects: options.objects, schemas, setNames, selfOf: self };
  pageScopes.set(context, root);
  return { context, walks };
}

/** The type findings of every template of a theme, sorted by file and position. */
export function typeCheckTheme(
  templates: readonly TemplateSource[],
  options: TypeCheckOptions,
): TypeFinding[] {
  const { context, walks } = analyseTheme(templates, options);
  const root = contextRoot(context);
  const findings: TypeFinding[] = [];
  for (const t of templates) {
    if (!t.ast) continue;
    // The walk made while building the context, when `this` is still the very same type.
    const walk = walks.get(t);
    if (walk && walk.self === selfOf(t.file, context, root).type) findings.push(...byPosition(walk.findings));
    else findings.push(...typeCheckTemplate(t.ast, t.file, context));
  }
  return findings.sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column,
  );
}
