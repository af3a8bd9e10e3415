// The shapes shared by check-theme's rules, runner, fixer and output formats.
import type { Program } from '../parse.js';
import type { Theme } from '../theme.js';
import type { TemplateError } from '../errors.js';
import type { HtmlDocument } from './html.js';

export type Severity = 'error' | 'warning' | 'info';

/** Severities from the most to the least severe. */
export const SEVERITIES: Severity[] = ['error', 'warning', 'info'];

/** Rank for comparisons: error 3, warning 2, info 1. */
export function severityRank(s: Severity): number {
  return s === 'error' ? 3 : s === 'warning' ? 2 : 1;
}

/** One replacement in a file's source: [start, end) becomes text. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** A mechanical fix attached to a finding. */
export interface Fix {
  /** What the fix does, for the `--fix` report ("added rel=\"noopener noreferrer\""). */
  description: string;
  edits: TextEdit[];
}

/**
 * Where a finding is: a range of the file. Lines and columns are 1-based and count UTF-16 code
 * units (as SARIF's columnKind utf16CodeUnits and editors do). The end is exclusive: endLine and
 * endColumn point just past the last character, as in SARIF's region, so `<a>` on line 1 is
 * 1:1-1:4. An empty range (end equal to start) marks a position, such as a file that is missing.
 */
export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** One problem found in a theme, with its range (see Span). */
export interface Finding extends Span {
  /** Path inside the theme folder with forward slashes ('pages/login.hbs'). */
  file: string;
  severity: Severity;
  rule: string;
  message: string;
  fixable: boolean;
  /** Present when --fix can repair this finding (never serialized). */
  fix?: Fix;
}

/**
 * What a rule reports: a range and a message. Give offsets into ctx.source (offset, and end just
 * past the last character), or 1-based line/column (and endLine/endColumn, exclusive). Without an
 * end the range covers the mustache at or around the start (or the Handlebars node starting there),
 * else the rest of the line (spans.ts).
 */
export interface Report {
  message: string;
  offset?: number;
  end?: number;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  fix?: Fix;
}

/** The theme as a whole, shared by the files' contexts. */
export interface ThemeInfo {
  /** The theme folder ('.' for in-memory sources). */
  dir: string;
  /** Source of partials/<name>.hbs, or null when there is no such partial. */
  readPartial(name: string): string | null;
  /** Every file of the theme, theme-relative and sorted: templates, assets and locales/*.json (hidden files left out). */
  paths: string[];
  /** A file's content as text (UTF-8), or null when the theme has no such file. */
  read(path: string): string | null;
  /** A file's bytes, or null when the theme has no such file. */
  bytes(path: string): Uint8Array | null;
  /** A template's Handlebars AST, parsed once per run; null when it does not parse or does not exist. */
  ast(path: string): Program | null;
  /** The HTML pass over a template, once per run; null when there is no such template. */
  html(path: string): HtmlDocument | null;
}

/** One file being linted: a template (pages/, layouts/, partials/) or a theme script (assets/js/). */
export interface FileContext {
  kind: 'template' | 'script';
  /** Path inside the theme ('pages/cart.hbs', 'assets/js/cart.js'). */
  file: string;
  source: string;
  /** The source with Handlebars comments blanked out (same length and lines). */
  code: string;
  /** Handlebars AST; null for scripts and for templates with a syntax error. */
  ast: Program | null;
  /** The HTML pass over the template; null for scripts. */
  html: HtmlDocument | null;
  /** JavaScript in this file: inline <script> bodies of a template, or the whole script file. */
  scripts: ScriptSource[];
  theme: ThemeInfo;
  /** The running rule's options from the config, as its parseOptions returned them (undefined without). */
  options: unknown;
  report(report: Report): void;
  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number };
}

/** One piece of JavaScript: its text and where it starts in the file. */
export interface ScriptSource {
  text: string;
  /** Offset of text[0] in the file. */
  start: number;
}

/** The theme-level pass: the loaded Theme and the errors the engine itself reports. */
export interface ThemeContext {
  dir: string;
  theme: Theme;
  themeErrors: TemplateError[];
  /** Reports at a 1-based position; the range is the mustache starting there, else the rest of the line. */
  report(file: string, line: number, column: number, message: string): void;
  /** Every file of the theme, with their text, bytes, ASTs and HTML passes. */
  files: ThemeInfo;
  /** The running rule's options from the config, as its parseOptions returned them (undefined without). */
  options: unknown;
  /** Reports in any theme file with a full Report (offsets or positions, an end, a fix); see Report. */
  reportIn(file: string, report: Report): void;
}

/** A lint rule: one module under rules/, listed in rules/index.ts. */
export interface Rule {
  /** kebab-case id used in config files, inline directives and output. */
  id: string;
  severity: Severity;
  /** One line: what the rule catches. */
  description: string;
  /** How to fix a finding (for the docs and --list). */
  help: string;
  /** Where the rule is documented; by default its section of docs/check-theme.md (help-uri.ts). */
  helpUri?: string;
  /** What --fix does for this rule, when it can fix it. */
  fix?: string;
  /**
   * Options the config can give the rule ("rules": { "id": ["warning", { … }] }): validates the
   * value (undefined when the config gives none) and returns what the rule reads as ctx.options, or
   * throws an Error whose message says what is wrong.
   */
  parseOptions?(value: unknown): unknown;
  /** The default options as a config file would write them (`--init` writes them out). */
  defaultOptions?: Record<string, unknown>;
  /** Per-file check (templates and theme scripts). */
  check?(ctx: FileContext): void;
  /** Once per theme (missing pages, the engine's own errors). */
  checkTheme?(ctx: ThemeContext): void;
}
