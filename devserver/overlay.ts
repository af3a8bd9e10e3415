// The error overlay of `storefront dev`: one HTML page (status 500) and one terminal block per
// error, both naming the theme file, line, a code frame and, for schema violations, the data path.
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { TemplateError } from '../runtime/theme/errors.js';
// The one table of engine error codes (with their titles), shared with check-theme.
import { templateErrorCode } from '../runtime/theme/lint/error-codes.js';
import { FixtureError } from '../runtime/fixtures/load.js';
import { HttpError } from '../runtime/errors.js';
import { clientTags } from './inject.js';

/** What the overlay and the terminal show about one error. */
export interface ErrorReport {
  /** 'template' for theme errors, 'fixtures' for a bad fixture file, 'server' for anything else. */
  kind: 'template' | 'fixtures' | 'server';
  code: string;
  title: string;
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
  dataPath: string | null;
  frame: CodeFrameLine[];
  /** For unexpected errors only (they are bugs of storefront or of a data call, not of the theme). */
  stack: string | null;
}

/** One line of a code frame. */
export interface CodeFrameLine {
  number: number;
  text: string;
  marked: boolean;
}

const CONTEXT_LINES = 3;

/** ±3 lines around `line` (1-based) of source, the line itself marked. */
export function codeFrame(source: string, line: number): CodeFrameLine[] {
  const lines = source.split(/\r?\n/);
  if (line < 1 || line > lines.length) return [];
  const from = Math.max(1, line - CONTEXT_LINES);
  const to = Math.min(lines.length, line + CONTEXT_LINES);
  const out: CodeFrameLine[] = [];
  for (let n = from; n <= to; n++) out.push({ number: n, text: lines[n - 1], marked: n === line });
  return out;
}

/** Reads a theme file for its code frame; a file outside the theme folder is never read. */
function readThemeFile(themeDir: string, file: string): string | null {
  const full = isAbsolute(file) ? file : resolve(themeDir, file);
  const rel = relative(themeDir, full);
  if (rel.startsWith('..') || isAbsolute(rel)) return null;
  try {
    return readFileSync(full, 'utf8');
  } catch {
    return null;
  }
}

/** The path of a Referer header, or null when there is none or it is not a URL. */
function pathOf(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname;
  } catch {
    return null;
  }
}

/** Turns any error into what the overlay and terminal show (request: the failed request, for a rejected form). */
export function describeError(
  err: unknown,
  themeDir: string,
  request?: { path: string; referer: string | null },
): ErrorReport {
  if (err instanceof HttpError && err.code === 'csrf_rejected') {
    const from = pathOf(request?.referer ?? null);
    return {
      kind: 'server',
      code: 'csrf_rejected',
      title: 'Form post rejected: it carried no valid CSRF token',
      message:
        `The form posting to ${request?.path ?? 'this endpoint'}${from ? ` on ${from}` : ''} sent no valid _token. ` +
        'Add <input type="hidden" name="_token" value="{{@root.csrf_token}}"> inside the form. ' +
        'check-theme reports this as rule csrf-token-missing, and `storefront check-theme --fix` adds the field.',
      file: null,
      line: null,
      column: null,
      dataPath: null,
      frame: [],
      stack: null,
    };
  }
  if (err instanceof FixtureError) {
    const first = err.problems[0];
    return {
      kind: 'fixtures',
      code: 'fixture_invalid',
      title: 'Fixture file is invalid — the last good data is still served',
      message: err.problems.map((p) => `${p.pointer}: ${p.message}`).join('\n'),
      file: err.file,
      line: null,
      column: null,
      dataPath: first?.pointer ?? null,
      frame: [],
      stack: null,
    };
  }
  if (err instanceof TemplateError) {
    const source = err.file && err.line ? readThemeFile(themeDir, err.file) : null;
    return {
      kind: 'template',
      code: err.code,
      title: templateErrorCode(err.code)?.title ?? `Theme error (${err.code})`,
      message: err.message,
      file: err.file,
      line: err.line,
      column: err.column,
      dataPath: err.dataPath,
      frame: source && err.line ? codeFrame(source, err.line) : [],
      stack: null,
    };
  }
  const e = err as Error | undefined;
  return {
    kind: 'server',
    code: 'internal_error',
    title: 'Unexpected server error',
    message: e?.message ?? String(err),
    file: null,
    line: null,
    column: null,
    dataPath: null,
    frame: [],
    stack: e?.stack ?? null,
  };
}

/** `file:line:column` as far as known. */
export function whereOf(report: ErrorReport): string {
  if (!report.file) return '';
  const file = report.file.split(sep).join('/');
  if (!report.line) return file;
  return `${file}:${report.line}${report.column !== null ? `:${report.column + 1}` : ''}`;
}

/** HTML-escapes text (&, <, >, ", '). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The overlay page. Everything dynamic is escaped; no inline script or style (the CSP forbids them). */
export function overlayHtml(report: ErrorReport, requestPath: string): string {
  const where = whereOf(report);
  const frame = report.frame.length
    ? `<pre class="sf-frame">${report.frame
        .map((l) => {
          const gutter = `${l.marked ? '>' : ' '} ${String(l.number).padStart(4)} | `;
          const caret =
            l.marked && report.column !== null ? `\n${' '.repeat(gutter.length + report.column)}^` : '';
          return `<span class="${l.marked ? 'sf-line sf-marked' : 'sf-line'}">${escapeHtml(gutter + l.text + caret)}</span>`;
        })
        .join('')}</pre>`
    : '';
  const dataPath = report.dataPath
    ? `<p class="sf-datapath">Data path: <code>${escapeHtml(report.dataPath)}</code></p>`
    : '';
  const stack = report.stack
    ? `<details class="sf-stack"><summary>Stack</summary><pre>${escapeHtml(report.stack)}</pre></details>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(report.title)} · storefront dev</title>
${clientTags()}</head>
<body class="sf-overlay-page"><main class="sf-overlay" data-error-code="${escapeHtml(report.code)}">
<p class="sf-kicker">storefront dev · ${escapeHtml(requestPath)}</p>
<h1>${escapeHtml(report.title)}</h1>
${where ? `<p class="sf-where"><code>${escapeHtml(where)}</code></p>` : ''}
<pre class="sf-message">${escapeHtml(report.message)}</pre>
${dataPath}${frame}${stack}
<p class="sf-hint">Fix the file and save: this page reloads by itself.</p>
</main></body></html>`;
}

/** The terminal block for one error (no colour codes when NO_COLOR is set or color is false). */
export function terminalBlock(
  report: ErrorReport,
  options: { color?: boolean; context?: string } = {},
): string {
  const color = options.color ?? false;
  const red = (s: string) => (color ? `\x1b[31m${s}\x1b[39m` : s);
  const dim = (s: string) => (color ? `\x1b[2m${s}\x1b[22m` : s);
  const bold = (s: string) => (color ? `\x1b[1m${s}\x1b[22m` : s);
  const lines: string[] = [];
  const where = whereOf(report);
  lines.push(red(`✖ ${report.title}${options.context ? ` (${options.context})` : ''}`));
  if (where) lines.push(`  ${bold(where)}`);
  for (const l of report.message.split('\n')) lines.push(`  ${l}`);
  if (report.dataPath) lines.push(`  data path: ${report.dataPath}`);
  for (const l of report.frame) {
    lines.push(dim(`  ${l.marked ? '>' : ' '} ${String(l.number).padStart(4)} | `) + l.text);
    if (l.marked && report.column !== null) lines.push(dim(`         | ${' '.repeat(report.column)}^`));
  }
  if (report.stack) for (const l of report.stack.split('\n').slice(1, 6)) lines.push(dim(`  ${l.trim()}`));
  return `${lines.join('\n')}\n`;
}

/** A JSON-friendly form for the livereload `error` message. */
export function reportForClient(report: ErrorReport): Omit<ErrorReport, 'stack'> {
  const { stack, ...rest } = report;
  void stack;
  return rest;
}

/** Path of a file relative to a folder, for messages (absolute when outside it). */
export function displayPath(file: string, base: string): string {
  const rel = relative(base, file);
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel.split(sep).join('/');
}
