// Text utilities shared by the rules: offsets to line/column, comment blanking, and the JavaScript
// heuristics (which endpoint a call posts to, with which method and which object keys).

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

/** Replaces every character but newlines with spaces (keeps offsets and lines). */
export function blank(s: string): string {
  return s.replace(/[^\n]/g, ' ');
}

/** The template source with Handlebars comments ({{!-- … --}}, {{! … }}) blanked out. */
export function stripHbsComments(source: string): string {
  return source.replace(/\{\{~?!--[\s\S]*?--~?\}\}|\{\{~?![\s\S]*?\}\}/g, blank);
}

/** Every match of a global regex in text, with absolute offsets (base + index). */
export function* matches(
  re: RegExp,
  text: string,
  base = 0,
): Generator<{ m: RegExpExecArray; offset: number }> {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  let m: RegExpExecArray | null;
  while ((m = g.exec(text))) {
    yield { m, offset: base + m.index };
    if (m[0].length === 0) g.lastIndex++;
  }
}

/** A string literal in JavaScript naming a storefront path, and the call it is an argument of. */
export interface EndpointUse {
  /** The path inside the literal, query string removed ('/_post/cart/add'). */
  path: string;
  /** Offset of the literal (absolute, in the file). */
  offset: number;
  /** The callee before the enclosing '(' ('fetch', 'xhr.open', 'axios.get'), or null outside a call. */
  callee: string | null;
  /** Text of the enclosing call's arguments (empty outside a call). */
  args: string;
  /** Absolute offset of args[0]. */
  argsOffset: number;
  /** True when the literal is assigned to location / location.href / window.location. */
  navigation: boolean;
}

const PATH_LITERAL = /(['"`])(\/(?:_post\/[\w/-]*|logout\/?|login[^'"`]*))\1/g;

/** Finds literals with /_post/…, /logout and /login paths in a script and their enclosing calls. */
export function endpointUses(text: string, base: number): EndpointUse[] {
  const uses: EndpointUse[] = [];
  for (const { m, offset: local } of matches(PATH_LITERAL, text)) {
    const open = enclosingParen(text, local);
    let callee: string | null = null;
    let args = '';
    let argsOffset = base + local;
    if (open >= 0) {
      const close = matchingParen(text, open);
      args = text.slice(open + 1, close);
      argsOffset = base + open + 1;
      callee =
        /([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*$/
          .exec(text.slice(Math.max(0, open - 80), open))?.[1]
          ?.replace(/\s+/g, '') ?? null;
    }
    const before = text.slice(Math.max(0, local - 60), local);
    const navigation = /location(?:\.href)?\s*=\s*$|location\.(?:assign|replace)\(\s*$/.test(before);
    uses.push({ path: m[2].split(/[?#]/)[0], offset: base + local, callee, args, argsOffset, navigation });
  }
  return uses;
}

/** Offset of the unmatched '(' that encloses position at, or -1 (strings are not tracked: a heuristic). */
function enclosingParen(text: string, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i];
    if (c === ')') depth++;
    else if (c === '(') {
      if (depth === 0) return i;
      depth--;
    } else if (c === ';' && depth === 0) {
      return -1; // a statement boundary: the literal is not a call argument
    }
  }
  return -1;
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return text.length;
}

/** True when a call's arguments say POST (method: 'POST', or a 'POST' argument as in xhr.open). */
export function saysPost(use: EndpointUse): boolean {
  return /method\s*:\s*['"`]post['"`]/i.test(use.args) || /^\s*['"`]post['"`]\s*,/i.test(use.args);
}

/** True when the use is a GET: a .get() call, a 'GET' argument, a navigation, or fetch() without method POST. */
export function isGetUse(use: EndpointUse): boolean {
  if (use.navigation) return true;
  if (!use.callee) return false;
  const callee = use.callee.toLowerCase();
  if (/(^|\.)(get|getjson|load)$/.test(callee)) return true;
  if (/['"`]get['"`]/i.test(use.args)) return true;
  if (/(^|\.)fetch$/.test(callee) || callee === 'new request' || callee.endsWith('request'))
    return !saysPost(use);
  return false;
}

/** The balanced {…} starting at text[open] (a heuristic: braces in strings are counted). */
export function balancedBraces(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}') {
      depth--;
      if (depth === 0) return text.slice(open, i + 1);
    }
  }
  return text.slice(open);
}
