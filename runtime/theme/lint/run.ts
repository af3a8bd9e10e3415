// Lints a theme folder: the engine's own load (Theme.load + errors()), every rule over every
// template and theme script, then config severities, ignore globs and inline directives.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Theme } from '../theme.js';
import { parseTemplate, type Program } from '../parse.js';
import { parseHtml } from './html.js';
import { RULES } from './rules/index.js';
import { globToRegExp, isIgnored, type ThemeLintConfig } from './config.js';
import { parseDirectives } from './directives.js';
import { lineStarts, positionAt, stripHbsComments } from './source.js';
import type { FileContext, Finding, Report, Rule, Severity, ThemeInfo } from './types.js';

export interface LintOptions {
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

const TEMPLATE_DIRS = ['layouts', 'pages', 'partials'];
const SCRIPT_DIR = 'assets/js';

function listFiles(root: string, sub: string, ext: RegExp): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    const full = join(root, rel);
    if (!existsSync(full)) return;
    for (const name of readdirSync(full).sort()) {
      if (name.startsWith('.')) continue;
      const childRel = `${rel}/${name}`;
      if (statSync(join(root, childRel)).isDirectory()) visit(childRel);
      else if (ext.test(name)) out.push(childRel);
    }
  };
  visit(sub);
  return out;
}

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
export function lintTheme(dir: string, options: LintOptions = {}): LintResult {
  const theme = Theme.load(dir);
  const rules = activeRules(options.config, options.only);
  const ignore = (options.config?.ignore ?? []).map(globToRegExp);
  const raw: Array<Omit<Finding, 'severity' | 'fixable'> & { fix?: Finding['fix'] }> = [];
  const sources = new Map<string, string>();

  const partials = new Map<string, string | null>();
  const info: ThemeInfo = {
    dir,
    readPartial(name) {
      if (!partials.has(name)) {
        const file = join(dir, 'partials', `${name}.hbs`);
        partials.set(name, existsSync(file) ? readFileSync(file, 'utf8') : null);
      }
      return partials.get(name)!;
    },
  };

  const templates = TEMPLATE_DIRS.flatMap((d) => listFiles(dir, d, /\.hbs$/));
  const scripts = listFiles(dir, SCRIPT_DIR, /\.m?js$/);
  const files = [...templates, ...scripts].filter((f) => !isIgnored(f, ignore));
  const fileRules = rules.filter((r) => r.rule.check);

  for (const file of files) {
    const source = readFileSync(join(dir, file), 'utf8');
    sources.set(file, source);
    if (!fileRules.length) continue;
    const isTemplate = file.endsWith('.hbs');
    let ast: Program | null = null;
    if (isTemplate) {
      try {
        ast = parseTemplate(source, file);
      } catch {
        ast = null; // reported by syntax-error, from the engine's own load
      }
    }
    const html = isTemplate ? parseHtml(source) : null;
    const starts = lineStarts(source);
    let current = '';
    const ctx: FileContext = {
      kind: isTemplate ? 'template' : 'script',
      file,
      source,
      code: isTemplate ? stripHbsComments(source) : source,
      ast,
      html,
      scripts: html
        ? html.scripts.filter((s) => !/\bsrc\s*=/.test(source.slice(s.tag.start, s.tag.end)))
        : [{ text: source, start: 0 }],
      theme: info,
      position: (offset) => positionAt(starts, offset),
      report(r: Report) {
        const pos =
          r.offset !== undefined
            ? positionAt(starts, r.offset)
            : { line: r.line ?? 1, column: r.column ?? 1 };
        raw.push({ file, line: pos.line, column: pos.column, rule: current, message: r.message, fix: r.fix });
      },
    };
    for (const { rule } of fileRules) {
      current = rule.id;
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
        report: (file, line, column, message) => raw.push({ file, line, column, rule: rule.id, message }),
      });
    }
  }

  const severity = new Map(rules.map((r) => [r.rule.id, r.severity]));
  const fixable = new Set(RULES.filter((r) => r.fix).map((r) => r.id));
  const directives = new Map<string, ReturnType<typeof parseDirectives>>();
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const f of raw) {
    if (isIgnored(f.file, ignore)) continue;
    const source = sources.get(f.file);
    if (source !== undefined) {
      if (!directives.has(f.file)) directives.set(f.file, parseDirectives(source));
      if (directives.get(f.file)!.isSuppressed(f.rule, f.line)) continue;
    }
    const key = `${f.file}:${f.line}:${f.column}:${f.rule}:${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push({
      file: f.file,
      line: f.line,
      column: f.column,
      severity: severity.get(f.rule)!,
      rule: f.rule,
      message: f.message,
      fixable: fixable.has(f.rule) && !!f.fix,
      ...(f.fix ? { fix: f.fix } : {}),
    });
  }
  findings.sort((a, b) =>
    a.file < b.file
      ? -1
      : a.file > b.file
        ? 1
        : a.line - b.line || a.column - b.column || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
  return { findings, files: files.length };
}

/** Counts per severity. */
export function summarize(findings: Finding[]): Record<Severity, number> {
  const out: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) out[f.severity]++;
  return out;
}
