// JavaScript for the script rules (logout-get, no-get-profile-update, client-side-price), parsed
// with acorn instead of read as text, so that `const o = { method: 'POST' }; fetch(url, o)` is a
// POST. Mustaches in inline scripts are blanked first with the same length, so offsets stay offsets
// into the template. A script that still does not parse gets no finding from these rules: a browser
// would not run it either, and a guess would bring back the false positives the parser removed.
import { parse, type Node, type Program } from 'acorn';
import { hbsEnd, literal, type HtmlTag } from './html.js';
import type { ScriptSource } from './types.js';

/** An acorn node with its fields readable by name (the walker does not care about node types). */
export type ScriptNode = Node & Record<string, unknown>;

/** A string literal naming a storefront path, and the request it is part of. */
export interface EndpointUse {
  /** The parsed script the literal is in. */
  script: ParsedScript;
  /** The path, query string and fragment removed ('/_post/auth/logout'). */
  path: string;
  /** Absolute range of the literal in the file (quotes included). */
  start: number;
  end: number;
  /** True when the literal is assigned to location(.href) or passed to location.assign/replace. */
  navigation: boolean;
  /** The call the literal is an argument of: directly, or inside an object argument ($.ajax({ url })). */
  call: ScriptNode | null;
  /** The callee as written ('fetch', 'xhr.open', '$.get', 'Request'); null outside a call. */
  callee: string | null;
  /** The method the request uses ('GET', 'POST', …); null when the script does not say it statically. */
  method: string | null;
}

/** A parsed script: its source and its acorn AST (offsets relative to script.text). */
export interface ParsedScript {
  script: ScriptSource;
  ast: Program;
}

const PATH = /^\/(?:_post\/|logout(?:[/?#]|$)|login)/;
/** Text a script must contain to hold such a literal: a cheap test before parsing. */
const PATH_TEXT = /\/(?:_post\/|logout|login)/;
const HTTP_METHOD = /^(?:get|head|post|put|patch|delete|options)$/i;
const JS_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/x-ecmascript',
  'text/x-javascript',
  'text/x-ecmascript',
  'text/jscript',
  'text/livescript',
]);

/** True when a <script> tag holds JavaScript the browser runs (no type, a JavaScript type, or module). */
export function isJavaScript(tag: HtmlTag): boolean {
  const type = literal(tag, 'type');
  if (type === null) return true; // absent, bare or {{dynamic}}: parse it and see
  const essence = type.split(';')[0].trim().toLowerCase();
  return JS_TYPES.has(essence) || /^text\/javascript1\.[0-5]$/.test(essence);
}

/**
 * The script with every Handlebars region replaced by text of the same length: blocks, comments and
 * partials by spaces (they print no value), value mustaches by an identifier (`_____`), so that
 * `const n = {{cart.item_count}};` still parses. Newlines are kept.
 */
export function blankMustaches(text: string): string {
  if (!text.includes('{{')) return text;
  let out = '';
  let i = 0;
  for (let k = text.indexOf('{{'); k >= 0; k = text.indexOf('{{', i)) {
    const end = hbsEnd(text, k);
    const region = text.slice(k, end);
    const control = /^\{\{\{?~?\s*(?:[#/^>!*]|else\b)/.test(region);
    out += text.slice(i, k) + region.replace(/[^\n]/g, control ? ' ' : '_');
    i = end;
  }
  return out + text.slice(i);
}

// Caches per script: the three script rules share one parse and one walk of each script.
const parsedCache = new WeakMap<ScriptSource, ParsedScript | null>();

/** Parses a script (as a module, then as a classic script); null when it is not valid JavaScript. */
export function parseScript(script: ScriptSource): ParsedScript | null {
  if (parsedCache.has(script)) return parsedCache.get(script)!;
  const text = blankMustaches(script.text);
  let result: ParsedScript | null = null;
  for (const sourceType of ['module', 'script'] as const) {
    try {
      const ast = parse(text, {
        ecmaVersion: 'latest',
        sourceType,
        allowHashBang: true,
        allowReturnOutsideFunction: sourceType === 'script',
      });
      result = { script, ast };
      break;
    } catch {
      // not this kind of script; try the next, else give up (see the header comment)
    }
  }
  parsedCache.set(script, result);
  return result;
}

/** The child nodes of a node, in source order. */
function children(node: ScriptNode): ScriptNode[] {
  const out: ScriptNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end' || key === 'loc' || key === 'range') continue;
    if (Array.isArray(value)) {
      for (const v of value) if (isNode(v)) out.push(v);
    } else if (isNode(value)) out.push(value);
  }
  return out;
}

function isNode(value: unknown): value is ScriptNode {
  return !!value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * Visits every node depth-first with its ancestors (nearest last; one array, changed as the walk
 * goes on, so read it during the visit only); visit returns false to skip a node's children.
 */
function walkScript(
  node: Node,
  visit: (node: ScriptNode, ancestors: ScriptNode[]) => boolean | void,
  ancestors: ScriptNode[] = [],
): void {
  if (visit(node as ScriptNode, ancestors) === false) return;
  ancestors.push(node as ScriptNode);
  for (const child of children(node as ScriptNode)) walkScript(child, visit, ancestors);
  ancestors.pop();
}

/** The string value of a string literal or of a template literal without ${}; null otherwise. */
function stringValue(node: ScriptNode | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0)
    return ((node.quasis as Array<{ value: { cooked: string | null } }>)[0]?.value.cooked ?? null) || null;
  return null;
}

/** A callee or assignment target as written ('fetch', 'window.location.href', '$().load'); null when computed. */
function nameOf(node: ScriptNode | null | undefined): string | null {
  if (!node) return null;
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'ThisExpression') return 'this';
  if (node.type === 'CallExpression') {
    const inner = nameOf(node.callee as ScriptNode);
    return inner === null ? null : `${inner}()`;
  }
  if (node.type === 'MemberExpression' && !node.computed) {
    const object = nameOf(node.object as ScriptNode);
    const property = (node.property as ScriptNode).name as string;
    return object === null ? property : `${object}.${property}`;
  }
  return null;
}

/** The name of a property key (`price`, `'price'`); null for computed keys. */
export function keyName(property: ScriptNode): string | null {
  if (property.computed) return null;
  const key = property.key as ScriptNode;
  if (key.type === 'Identifier') return key.name as string;
  return typeof key.value === 'string' ? key.value : null;
}

/**
 * The object literal an expression stands for: the literal itself, or a variable declared in the
 * same script as `const|let|var NAME = {…}` whose properties are never assigned one by one
 * (NAME.x = …), which would make the literal an incomplete picture. Null otherwise.
 */
function objectOf(
  parsedScript: ParsedScript,
  node: ScriptNode | null | undefined,
  { complete = true } = {},
): ScriptNode | null {
  if (!node) return null;
  if (node.type === 'ObjectExpression') return node;
  if (node.type !== 'Identifier') return null;
  const { inits, mutated } = variablesOf(parsedScript);
  const init = inits.get(node.name as string);
  return init?.type === 'ObjectExpression' && !(complete && mutated.has(node.name as string)) ? init : null;
}

const variablesCache = new WeakMap<
  ParsedScript,
  { inits: Map<string, ScriptNode | null>; mutated: Set<string> }
>();

/** The first initializer of each variable name in a script, and the names whose properties are assigned. */
function variablesOf(parsedScript: ParsedScript): {
  inits: Map<string, ScriptNode | null>;
  mutated: Set<string>;
} {
  let found = variablesCache.get(parsedScript);
  if (!found) {
    const inits = new Map<string, ScriptNode | null>();
    const mutated = new Set<string>();
    walkScript(parsedScript.ast, (n) => {
      if (n.type === 'VariableDeclarator' && (n.id as ScriptNode).type === 'Identifier') {
        const name = (n.id as ScriptNode).name as string;
        if (!inits.has(name)) inits.set(name, (n.init as ScriptNode | null) ?? null);
      } else if (n.type === 'AssignmentExpression') {
        const left = n.left as ScriptNode;
        if (left.type === 'MemberExpression' && (left.object as ScriptNode).type === 'Identifier')
          mutated.add((left.object as ScriptNode).name as string);
      }
    });
    found = { inits, mutated };
    variablesCache.set(parsedScript, found);
  }
  return found;
}

/**
 * The object literals a call sends: those written in its arguments (at any depth, JSON.stringify({…})
 * included, but not inside callbacks) and the same-script variables its arguments name
 * (`body: JSON.stringify(payload)`, `post(url, payload)`, `{ ...payload }`).
 */
export function sentObjects(parsedScript: ParsedScript, call: ScriptNode): ScriptNode[] {
  const out: ScriptNode[] = [];
  const seen = new Set<ScriptNode>();
  const visit = (root: ScriptNode) =>
    walkScript(root, (node, ancestors) => {
      if (/Function/.test(node.type)) return false;
      if (node.type === 'ObjectExpression' && !seen.has(node)) {
        seen.add(node);
        out.push(node);
      }
      if (node.type !== 'Identifier') return;
      const parent = ancestors[ancestors.length - 1];
      // A bare value: an argument, a property value, a spread or an array element, not a.b or a key.
      const bare =
        !parent ||
        ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.callee !== node) ||
        (parent.type === 'Property' && parent.value === node) ||
        parent.type === 'SpreadElement' ||
        parent.type === 'ArrayExpression';
      const object = bare ? objectOf(parsedScript, node, { complete: false }) : null;
      if (object && !seen.has(object)) visit(object);
    });
  for (const arg of call.arguments as ScriptNode[]) visit(arg);
  return out;
}

/**
 * The static string value of an object literal's property named one of names (the last one wins):
 * null when there is none, undefined when it cannot be known (not a string, or a spread after it).
 */
function propertyString(object: ScriptNode, names: string[]): string | null | undefined {
  let value: string | null | undefined = null;
  for (const p of object.properties as ScriptNode[]) {
    if (p.type === 'SpreadElement') {
      value = undefined; // a spread may carry the key
    } else if (names.includes(keyName(p) ?? '')) {
      value = stringValue(p.value as ScriptNode) ?? undefined;
    }
  }
  return value;
}

/** The method of fetch()/new Request(): the init's method, 'GET' without one; null when unknown. */
function fetchMethod(parsedScript: ParsedScript, init: ScriptNode | undefined): string | null {
  if (!init) return 'GET';
  const object = objectOf(parsedScript, init);
  if (!object) return null;
  const method = propertyString(object, ['method']);
  return method === undefined ? null : (method ?? 'GET').toUpperCase();
}

/** The method a call states: a 'GET'/'POST' argument (xhr.open), or method/type beside the URL ($.ajax). */
function statedMethod(call: ScriptNode, containers: ScriptNode[]): string | null {
  for (const arg of call.arguments as ScriptNode[]) {
    const s = stringValue(arg);
    if (s !== null && HTTP_METHOD.test(s)) return s.toUpperCase();
  }
  for (const object of containers) {
    const method = propertyString(object, ['method', 'type']);
    if (typeof method === 'string' && HTTP_METHOD.test(method)) return method.toUpperCase();
  }
  return null;
}

const usesCache = new WeakMap<ScriptSource, EndpointUse[]>();

/**
 * Every literal with a /_post/…, /logout or /login… path in a script, with the request it belongs
 * to; none when the script does not parse. Scripts that cannot contain one are not parsed at all.
 */
export function endpointUses(script: ScriptSource): EndpointUse[] {
  let found = usesCache.get(script);
  if (!found) {
    const parsedScript = PATH_TEXT.test(script.text) ? parseScript(script) : null;
    found = parsedScript ? findEndpointUses(parsedScript) : [];
    usesCache.set(script, found);
  }
  return found;
}

function findEndpointUses(parsedScript: ParsedScript): EndpointUse[] {
  const uses: EndpointUse[] = [];
  const base = parsedScript.script.start;
  walkScript(parsedScript.ast, (node, ancestors) => {
    const value = stringValue(node);
    if (value === null || !PATH.test(value)) return;
    const use: EndpointUse = {
      script: parsedScript,
      path: value.split(/[?#]/)[0],
      start: base + node.start,
      end: base + node.end,
      navigation: false,
      call: null,
      callee: null,
      method: null,
    };
    // Climb through the object literals around the literal ($.ajax({ url: '/logout' })) to a call.
    let child: ScriptNode = node;
    const containers: ScriptNode[] = [];
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const parent = ancestors[i];
      if (parent.type === 'Property' && parent.value === child) {
        child = parent;
        continue;
      }
      if (parent.type === 'ObjectExpression') {
        containers.push(parent);
        child = parent;
        continue;
      }
      if (parent.type === 'AssignmentExpression' && parent.right === child && child === node) {
        use.navigation = /(?:^|\.)location(?:\.href)?$/.test(nameOf(parent.left as ScriptNode) ?? '');
      } else if (
        (parent.type === 'CallExpression' || parent.type === 'NewExpression') &&
        (parent.arguments as ScriptNode[]).includes(child)
      ) {
        const callee = nameOf(parent.callee as ScriptNode);
        use.call = parent;
        use.callee = callee;
        if (child === node && /(?:^|\.)location\.(?:assign|replace)$/.test(callee ?? ''))
          use.navigation = true;
        const last = (callee ?? '').split('.').pop()!.toLowerCase();
        if (last === 'fetch' || last.endsWith('request')) {
          const args = parent.arguments as ScriptNode[];
          use.method =
            child === node
              ? fetchMethod(parsedScript, args[args.indexOf(node) + 1])
              : statedMethod(parent, containers);
        } else {
          use.method = statedMethod(parent, containers);
        }
      }
      break;
    }
    uses.push(use);
  });
  return uses;
}

/** True when a use requests by GET: a navigation, .get()/.getJSON()/.load(), a stated GET, fetch without POST. */
export function isGetUse(use: EndpointUse): boolean {
  if (use.navigation) return true;
  if (!use.call) return false;
  const last = (use.callee ?? '').split('.').pop()!.toLowerCase();
  if (last === 'get' || last === 'getjson' || last === 'load')
    return use.method === null || use.method === 'GET';
  return use.method === 'GET';
}
