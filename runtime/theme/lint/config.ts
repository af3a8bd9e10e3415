// The check-theme config file, `.storefront-theme.json` in the theme folder (or --config FILE):
//   { "rules": { "rule-id": "off" | "info" | "warning" | "error" }, "ignore": ["glob", …] }
// A rule with options takes [setting, options] instead: "asset-size": ["warning", { "image": "300 KB" }].
// Validated by hand so every mistake gets one clear sentence naming the file and the key.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../../user-error.js';
import { RULES } from './rules/index.js';
import type { Severity } from './types.js';

export const CONFIG_FILE = '.storefront-theme.json';

export type RuleSetting = Severity | 'off';

/** A validated config. */
export interface ThemeLintConfig {
  rules: Record<string, RuleSetting>;
  /** Rule id -> the options given as ["setting", options], checked by the rule's parseOptions. */
  options?: Record<string, unknown>;
  ignore: string[];
  /** Where it was read from (null for the defaults). */
  file: string | null;
}

/** A check-theme config file that cannot be used: a user error, printed as its one-line message. */
export class LintConfigError extends UserError {
  override name = 'LintConfigError';
}

const SETTINGS = ['off', 'info', 'warning', 'error'];

/** Validates a parsed config object; file is used in messages. */
export function parseConfig(value: unknown, file: string): ThemeLintConfig {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new LintConfigError(`${file}: the config must be a JSON object like {"rules": {}, "ignore": []}`);
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (key !== 'rules' && key !== 'ignore' && key !== '$schema')
      throw new LintConfigError(`${file}: unknown key "${key}" (allowed: rules, ignore)`);
  }
  const rules: Record<string, RuleSetting> = {};
  const options: Record<string, unknown> = {};
  if (obj.rules !== undefined) {
    if (!obj.rules || typeof obj.rules !== 'object' || Array.isArray(obj.rules))
      throw new LintConfigError(
        `${file}: "rules" must be an object of rule id to "off", "info", "warning" or "error"`,
      );
    const known = new Set(RULES.map((r) => r.id));
    for (const [id, value] of Object.entries(obj.rules as Record<string, unknown>)) {
      if (!known.has(id))
        throw new LintConfigError(
          `${file}: unknown rule "${id}"${suggest(id, [...known])} (storefront check-theme --list shows them all)`,
        );
      let setting = value;
      if (Array.isArray(value)) {
        const rule = RULES.find((r) => r.id === id)!;
        if (!rule.parseOptions)
          throw new LintConfigError(
            `${file}: rule "${id}" takes no options: write "off", "info", "warning" or "error"`,
          );
        if (value.length !== 2)
          throw new LintConfigError(
            `${file}: rule "${id}" must be a setting or [setting, options], like ["warning", {}]`,
          );
        setting = value[0];
        try {
          rule.parseOptions(value[1]);
        } catch (err) {
          throw new LintConfigError(`${file}: options of rule "${id}": ${(err as Error).message}`);
        }
        options[id] = value[1];
      }
      if (typeof setting !== 'string' || !SETTINGS.includes(setting))
        throw new LintConfigError(
          `${file}: rule "${id}" must be "off", "info", "warning" or "error", not ${JSON.stringify(setting)}`,
        );
      rules[id] = setting as RuleSetting;
    }
  }
  let ignore: string[] = [];
  if (obj.ignore !== undefined) {
    if (!Array.isArray(obj.ignore) || obj.ignore.some((g) => typeof g !== 'string' || !g.trim()))
      throw new LintConfigError(
        `${file}: "ignore" must be an array of glob strings such as "assets/js/vendor/**"`,
      );
    ignore = obj.ignore as string[];
  }
  return { rules, options, ignore, file };
}

function suggest(id: string, known: string[]): string {
  const close = known.find((k) => k.includes(id) || id.includes(k) || distance(k, id) <= 3);
  return close ? ` (did you mean "${close}"?)` : '';
}

function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}

/** Reads --config FILE, else DIR/.storefront-theme.json when present, else the defaults. */
export function loadLintConfig(themeDir: string, configFile?: string): ThemeLintConfig {
  const file = configFile ?? join(themeDir, CONFIG_FILE);
  if (!existsSync(file)) {
    if (configFile) throw new LintConfigError(`config file ${configFile} does not exist`);
    return { rules: {}, options: {}, ignore: [], file: null };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new LintConfigError(`${file}: not valid JSON: ${(err as Error).message}`);
  }
  return parseConfig(parsed, file);
}

/** A glob ('**' any folders, '*' within one segment, '?' one character) as a regex over posix paths. */
export function globToRegExp(glob: string): RegExp {
  let g = glob.trim().replace(/^\.\//, '');
  if (g.endsWith('/')) g += '**';
  let re = '';
  for (let i = 0; i < g.length; i++) {
    const c = g[i];
    if (c === '*' && g[i + 1] === '*') {
      i++;
      if (g[i + 1] === '/') {
        i++;
        re += '(?:.*/)?';
      } else re += '.*';
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  // A pattern without a slash matches at any depth, like .gitignore; a folder matches its contents.
  return new RegExp(`^${g.includes('/') ? '' : '(?:.*/)?'}${re}(?:/.*)?$`);
}

/** True when a theme-relative path matches one of the ignore globs. */
export function isIgnored(file: string, ignore: RegExp[]): boolean {
  return ignore.some((re) => re.test(file));
}

/**
 * The starter config `--init` writes: every rule at its default severity (with its default options
 * when it has some), nothing ignored.
 */
export function starterConfig(): string {
  const rules = Object.fromEntries(
    RULES.map((r) => [r.id, r.defaultOptions ? [r.severity, r.defaultOptions] : r.severity]),
  );
  return `${JSON.stringify({ rules, ignore: ['assets/vendor/**'] }, null, 2)}\n`;
}
