// Lints a theme: the engine's own load (Theme.fromSources + errors()), every rule over every
// template and theme script, then config severities, ignore globs and inline directives.
// lintSources works on files in memory (rule tests, editors); lintTheme reads a folder into that
// form and calls it, so both paths run the same code.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Theme } from '../theme.js';
import type { TemplateObjects } from '../objects.js';
import { TemplateError } from '../errors.js';
import { parseTemplate, type Program } from '../parse.js';
import { attr, parseHtml, type HtmlDocument } from './html.js';
import { RULES } from './rules/index.js';
import { globToRegExp, isIgnored, type ThemeLintConfig } from './config.js';
import { finishFindings, type RawFinding } from './findings.js';
import { isJavaScript } from './script.js';
import { lineStarts, positionAt, stripHbsComments } from './source.js';
import { reportSpan } from './spans.js';
import { isHiddenPath, readThemeFiles, type ThemeSources } from './theme-files.js';
import type { FileContext, Finding, Report, Rule, Severity, ThemeInfo } from './types.js';

export type { ThemeSources } from './theme-files.js';

export interface LintOptions {
  /** What templates can read (runtime/template-objects.ts), handed in: the engine keeps no list. */
  objects: TemplateObjects;
  config?: ThemeLintConfig;
  /** Run only these rules (tests). */
  only?: string[];
}

export interface LintResult {
  /** Sorted by file, line, column, rule. */
  findings: Finding[];
  /** Number of files checked (templates and theme scripts). */
  files: number;
}

const TEMPLATE = /^(?:layouts|pages|partials)\/.+\.hbs$/;
const SCRIPT = /^assets\/js\/.+\.m?js$/;

/** The rules to run with the severity each has under the config. */
export function activeRules(
  config?: ThemeLintConfig,
  only?: string[],
): Array<{ rule: Rule; severity: Severity }> {
  return RULES.filter((r) => !only || only.includes(r.id))
    .map((rule) => ({ rule, setting: config?.rules[rule.id] ?? rule.severity }))
    .filter((r): r is { rule: Rule; setting: Severity } => r.setting !== 'off')
    .map(({ rule, setting }) => ({ rule, severity: setting }));
}

/** Lints a theme folder; throws TemplateError 'not_a_theme' when it has no pages/. */
export function lintTheme(dir: string, options: LintOptions): LintResult {
  if (!existsSync(join(dir, 'pages')))
    throw new TemplateError(`${dir} is not a theme: it has no pages/ folder`, 'not_a_theme', dir);
  return lintSources(readThemeFiles(dir), { ...options, dir });
}

/** Lints a theme given as files in memory (theme-relative path -> source); dir only names it in contexts. */
export function lintSources(files: ThemeSources, options: LintOptions & { dir?: string }): LintResult {
  const dir = options.dir ?? '.';
  const text = (path: string): string | null => {
    const content = files[path];
    if (content === undefined) return null;
    return typeof content === 'string' ? content : Buffer.from(content).toString('utf8');
  };
  const theme = Theme.fromSources(files, options.objects, dir);
  const rules = activeRules(options.config, options.only);
  const ignore = (options.config?.ignore ?? []).map(globToRegExp);
  const raw: RawFinding[] = [];
  const sources = new Map<string, string>();

  const paths = Object.keys(files)
    .filter((f) => !isHiddenPath(f))
    .sort();
  const checked = [...paths.filter((f) => TEMPLATE.test(f)), ...paths.filter((f) => SCRIPT.test(f))].filter(
    (f) => !isIgnored(f, ignore),
  );
  const fileRules = rules.filter((r) => r.rule.check);
  // The engine parsed every template while loading the theme: the rules walk those same trees.
  const asts = new Map<string, Program | null>(theme.templateSources().map((t) => [t.file, t.ast]));
  const astOf = (file: string, source: string): Program | null => {
    if (!asts.has(file)) {
      try {
        asts.set(file, parseTemplate(source, file));
      } catch {
        asts.set(file, null); // reported by syntax-error, from the engine's own load
      }
    }
    return asts.get(file)!;
  };
  const htmls = new Map<string, HtmlDocument>();
  const isTemplatePath = (file: string) => TEMPLATE.test(file) && !isHiddenPath(file);
  const info: ThemeInfo = {
    dir,
    readPartial: (name) => text(`partials/${name}.hbs`),
    paths,
    read: text,
    bytes: (path) => {
      const content = files[path];
      if (content === undefined) return null;
      return typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    },
    ast: (path) => {
      const source = isTemplatePath(path) ? text(path) : null;
      return source === null ? null : astOf(path, source);
    },
    html: (path) => {
      const source = isTemplatePath(path) ? text(path) : null;
      if (source === null) return null;
      if (!htmls.has(path)) htmls.set(path, parseHtml(source));
      return htmls.get(path)!;
    },
  };
  // A rule's options: what its parseOptions makes of the config's value (validated when it was read).
  // Parsed once per run, not once per rule and file (40 rules × 1,000 templates).
  const parsedOptions = new Map<Rule, unknown>();
  const optionsOf = (rule: Rule): unknown => {
    if (!parsedOptions.has(rule))
      parsedOptions.set(rule, rule.parseOptions?.(options.config?.options?.[rule.id]));
    return parsedOptions.get(rule);
  };

  for (const file of checked) {
    const source = text(file)!;
    sources.set(file, source);
    if (!fileRules.length) continue;
    const isTemplate = file.endsWith('.hbs');
    const ast = isTemplate ? astOf(file, source) : null;
    const html = isTemplate ? info.html(file) : null;
    const starts = lineStarts(source);
    let current = '';
    const ctx: FileContext = {
      kind: isTemplate ? 'template' : 'script',
      file,
      source,
      code: isTemplate ? stripHbsComments(source) : source,
      ast,
      html,
      // Inline scripts the browser runs: no src, and JavaScript (not JSON-LD or a text/template).
      scripts: html
        ? html.scripts
            .filter((s) => !attr(s.tag, 'src') && isJavaScript(s.tag))
            .map((s) => ({ text: s.text, start: s.start }))
        : [{ text: source, start: 0 }],
      theme: info,
      options: undefined,
      position: (offset) => positionAt(starts, offset),
      report(r: Report) {
        raw.push({ file, ...reportSpan(source, starts, r), rule: current, message: r.message, fix: r.fix });
      },
    };
    for (const { rule } of fileRules) {
      current = rule.id;
      ctx.options = optionsOf(rule);
      rule.check!(ctx);
    }
  }

  const themeRules = rules.filter((r) => r.rule.checkTheme);
  if (themeRules.length) {
    const themeErrors = theme.errors();
    for (const { rule } of themeRules) {
      rule.checkTheme!({
        dir,
        theme,
        themeErrors,
        report: (file, line, column, message) => {
          // A file that does not exist (a missing page) gets an empty range at its start.
          const source = text(file);
          const span =
            source === null
              ? { line, column, endLine: line, endColumn: column }
              : reportSpan(source, lineStarts(source), { message, line, column }, astOf(file, source));
          raw.push({ file, ...span, rule: rule.id, message });
        },
        files: info,
        options: optionsOf(rule),
        reportIn: (file, r) => {
          // A whole-file finding (offset 0, end 0) needs no source: an image is never decoded.
          const source = r.offset === 0 && r.end === 0 ? '' : (text(file) ?? '');
          const span = reportSpan(
            source,
            lineStarts(source),
            r,
            isTemplatePath(file) ? info.ast(file) : null,
          );
          raw.push({ file, ...span, rule: rule.id, message: r.message, fix: r.fix });
        },
      });
    }
  }

  const severity = new Map(rules.map((r) => [r.rule.id, r.severity]));
  return { findings: finishFindings(raw, { severity, ignore, sources }), files: checked.length };
}
