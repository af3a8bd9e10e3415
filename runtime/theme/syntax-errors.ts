// Handlebars' syntax errors for people. The parser throws "Parse error on line N:\n<up to 20
// characters before and after, newlines removed>\n-----^\nExpecting 'ID', …, got 'CLOSE'": no
// column, a token list, and a caret into a squeezed excerpt. This finds the offset the caret points
// at (the start of the token the parser could not take), explains the common cases in a sentence,
// and keeps the parser's own line as the detail. An unclosed block is reported at its opening tag,
// a mismatched close at the closing tag: that is where the fix goes.

/** A syntax error located and explained. */
export interface ExplainedSyntaxError {
  /** 1-based line. */
  line: number;
  /** 0-based column (as Handlebars' own locations). */
  column: number;
  /** One sentence for a person. */
  sentence: string;
  /** The parser's own words ("Expecting 'ID', got 'INVALID'"), or null. */
  detail: string | null;
}

interface Mustache {
  start: number;
  end: number;
  kind: 'open' | 'close' | 'else' | 'other';
  name: string;
}

/** The mustaches of a template with the block structure they declare (comments and raw blocks skipped). */
function mustaches(source: string): Mustache[] {
  const out: Mustache[] = [];
  const re = /\{\{(!--[\s\S]*?--~?\}\}|![\s\S]*?\}\}|\{\{[\s\S]*?\}\}\}\}|\{?[\s\S]*?\}\}\}?)/g;
  for (const m of source.matchAll(re)) {
    const text = m[0];
    if (text.startsWith('{{!') || text.startsWith('{{{{')) continue;
    const inner = text.replace(/^\{\{\{?~?\s*/, '');
    const open = /^[#^]\s*>?\s*(?:\*\s*)?([^\s}~()]+)/.exec(inner);
    const close = /^\/\s*([^\s}~]+)/.exec(inner);
    const kind = open ? 'open' : close ? 'close' : /^(?:else\b|\^\s*~?\}\})/.test(inner) ? 'else' : 'other';
    out.push({ start: m.index, end: m.index + text.length, kind, name: open?.[1] ?? close?.[1] ?? '' });
  }
  return out;
}

/** The block structure's first problem: an unmatched close, a mismatched close, or the innermost unclosed open. */
function blockProblem(source: string): { at: Mustache; sentence: string } | null {
  const stack: Mustache[] = [];
  for (const m of mustaches(source)) {
    if (m.kind === 'open') stack.push(m);
    else if (m.kind === 'close') {
      const top = stack.pop();
      if (!top) return { at: m, sentence: `{{/${m.name}}} closes a block that was never opened` };
      if (top.name !== m.name)
        return {
          at: m,
          sentence: `{{/${m.name}}} does not close the open {{#${top.name}}} (${where(source, top.start)}): close {{#${top.name}}} with {{/${top.name}}} first`,
        };
    }
  }
  const open = stack.pop();
  return open
    ? { at: open, sentence: `{{#${open.name}}} is never closed: add {{/${open.name}}} where the block ends` }
    : null;
}

function where(source: string, offset: number): string {
  const { line, column } = position(source, offset);
  return `line ${line}, column ${column + 1}`;
}

function position(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) };
}

/** What jison shows before the caret when the lexer has matched source[0, offset): the last 20 characters, newlines removed. */
function pastInput(source: string, offset: number): string {
  return (offset > 20 ? '...' : '') + source.slice(Math.max(0, offset - 20), offset).replace(/\n/g, '');
}

/** The offset the caret of a "Parse error" points at; null when it cannot be found. */
function caretOffset(source: string, excerpt: string, caret: number, line: number): number | null {
  const past = excerpt.slice(0, caret);
  const candidates: number[] = [];
  for (let o = 0; o <= source.length; o++) if (pastInput(source, o) === past) candidates.push(o);
  if (!candidates.length) return null;
  // The lexer's line counts the token it could not take; prefer a candidate on that line, else before it.
  const lines = candidates.map((o) => position(source, o).line);
  const exact = candidates.find((_, i) => lines[i] === line);
  if (exact !== undefined) return exact;
  const before = candidates.filter((_, i) => lines[i] < line);
  return before.length ? before[before.length - 1] : candidates[0];
}

/** A sentence for a parse error from what the parser expected, what it got and the text there. */
function sentenceFor(expected: string[], got: string, rest: string, source: string, offset: number): string {
  const inMustache = source.lastIndexOf('{{', offset) > source.lastIndexOf('}}', offset - 1);
  if (got === 'INVALID') {
    if (/^[\w$-]+\(/.test(rest) || rest.startsWith('('))
      return 'Handlebars has no function calls like name(): call a helper as {{name arg}} or (name arg), and read data without ()';
    if (rest.startsWith('"') || rest.startsWith("'")) return 'a string is not closed: add its closing quote';
    if (/^\}(?!\})/.test(rest)) return 'a mustache is closed with a single }: write }}';
    if (!inMustache || rest.startsWith('{{') || !source.includes('}}', offset))
      return 'a mustache {{ is never closed: add }}';
    const word = /^[^\s}]+/.exec(rest)?.[0] ?? rest.charAt(0);
    return `"${word}" is not a name, value or argument the template language reads here`;
  }
  if (got === 'EOF') return 'the template ends inside an unfinished tag or block';
  if (got === 'CLOSE' || got === 'CLOSE_UNESCAPED') {
    const before = source.slice(0, offset).trimEnd();
    if (expected.includes("'CLOSE_UNESCAPED'") && got === 'CLOSE')
      return 'a {{{ is closed with }}: write }}}';
    if (expected.includes("'CLOSE_SEXPR'")) return 'a subexpression "(" is not closed: add ")" before }}';
    if (expected.includes("'CLOSE_BLOCK_PARAMS'")) return 'block parameters "as |x|" need their closing |';
    if (expected.includes("'EQUALS'"))
      return 'after a name=value argument, every further argument needs =value too';
    if (before.endsWith('=')) return `a value is missing after "${/[\w.-]+=$/.exec(before)?.[0] ?? '='}"`;
    if (/\{\{\{?[~#^/>&]?\s*$/.test(before) || /\{\{[#/]?>\s*$/.test(before))
      return 'an empty mustache: write a name or an expression between {{ and }}';
    if (before.endsWith('@')) return 'a @name is missing its name (@index, @key, @first, @last, @root)';
    return 'this mustache ends too early';
  }
  if (got === 'INVERSE' || got === 'OPEN_INVERSE_CHAIN')
    return '{{else}} is only allowed once, inside a block such as {{#if}} or {{#each}}';
  if (got === 'OPEN_ENDBLOCK') return 'a closing {{/…}} has no block to close';
  if (got === 'SEP')
    return "only names join into a path (a.b.c): to read a field of a helper's result write {{#with (helper …) as |x|}}{{x.field}}{{/with}}";
  if (got === 'EQUALS') return 'a name=value argument needs a helper before it: {{helper name=value}}';
  return `unexpected ${got.toLowerCase().replace(/_/g, ' ')}`;
}

/** Explains an error thrown by Handlebars.parse for this source; null when the message is not one it knows. */
export function explainSyntaxError(source: string, message: string): ExplainedSyntaxError | null {
  const lines = message.split('\n');
  const parse = /^Parse error on line (\d+):$/.exec(lines[0]);
  if (parse && lines.length >= 4) {
    const line = Number(parse[1]);
    const caret = lines[2].indexOf('^');
    const detail = lines.slice(3).join(' ');
    const m = /^Expecting (.*), got '([^']+)'$/.exec(detail);
    const expected = m ? m[1].split(/,\s*/) : [];
    const got = m ? m[2] : '';
    const block = got === 'EOF' || got === 'OPEN_ENDBLOCK' || got === 'INVERSE' ? blockProblem(source) : null;
    if (block && (got === 'EOF' || block.sentence.startsWith('{{/'))) {
      const at = position(source, block.at.start);
      return { ...at, sentence: block.sentence, detail };
    }
    const offset = caret >= 0 ? caretOffset(source, lines[1], caret, line) : null;
    if (offset === null)
      return { line, column: 0, sentence: sentenceFor(expected, got, '', source, 0), detail };
    const sentence = sentenceFor(expected, got, source.slice(offset, offset + 40), source, offset);
    // An unclosed mustache is shown at its {{, where it starts.
    const open = sentence.startsWith('a mustache {{ is never closed') ? source.lastIndexOf('{{', offset) : -1;
    return { ...position(source, open >= 0 ? open : offset), sentence, detail };
  }
  // "each doesn't match if - 1:3": Handlebars' own check of block names.
  const mismatch = /^(\S+) doesn't match (\S+)/.exec(lines[0]);
  if (mismatch) {
    const block = blockProblem(source);
    if (block) return { ...position(source, block.at.start), sentence: block.sentence, detail: lines[0] };
  }
  // "Lexical error on line 1. Unrecognized text." (an unclosed {{!-- comment, mostly).
  const lexical = /^Lexical error on line (\d+)/.exec(lines[0]);
  if (lexical) {
    const open = source.lastIndexOf('{{!--');
    if (open >= 0 && source.indexOf('--}}', open) < 0)
      return {
        ...position(source, open),
        sentence: 'a {{!-- comment is never closed: add --}}',
        detail: lines[0],
      };
    return {
      line: Number(lexical[1]),
      column: 0,
      sentence: 'text the template language does not recognise',
      detail: lines[0],
    };
  }
  return null;
}
