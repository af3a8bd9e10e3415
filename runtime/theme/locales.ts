// A theme's translations: locales/<lang>.json files of nested string objects, one of them named
// <lang>.default.json (Shopify's convention). The site's locale picks a file with a fallback chain
// (fr-CA → fr → the default locale); a key missing in the chosen file falls back the same way.
import { TemplateError } from './errors.js';

/** CLDR plural categories: an object with only these keys (and `other`) is one plural message. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** One translation: a text, or texts by plural category (`{"one": "{count} item", "other": "{count} items"}`). */
export type Message = string | Partial<Record<(typeof PLURAL_CATEGORIES)[number], string>>;

/** One loaded locale file. */
export interface LocaleFile {
  /** Canonical BCP 47 tag ('fr', 'pt-BR'). */
  locale: string;
  /** Theme-relative path ('locales/fr.json'). */
  file: string;
  isDefault: boolean;
  /** Dotted key ('cart.title') → message; plural objects are one key. */
  messages: Map<string, Message>;
  /** Where each key is written in the file (1-based line, 0-based column), for findings. */
  positions: Map<string, { line: number; column: number }>;
}

/** True for a theme-relative path of a locale file ('locales/en.default.json'). */
export function isLocalePath(path: string): boolean {
  return /^locales\/[^/]+\.json$/.test(path);
}

const FILE_NAME = /^locales\/([^/]+?)(\.default)?\.json$/;

/** 1-based line and 0-based column of an offset. */
function positionAt(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, Math.max(0, Math.min(offset, source.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length };
}

/** The offset JSON.parse's message names ("… at position 42"), else the line/column it names, else 0. */
function jsonErrorOffset(source: string, message: string): number {
  const pos = /at position (\d+)/.exec(message);
  if (pos) return Number(pos[1]);
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) {
    const lines = source.split('\n');
    let offset = 0;
    for (let i = 0; i < Number(lc[1]) - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    return offset + Number(lc[2]) - 1;
  }
  return /end of JSON input/.test(message) ? source.length : 0;
}

function isPlural(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return (
    keys.length > 0 &&
    'other' in value &&
    keys.every((k) => (PLURAL_CATEGORIES as readonly string[]).includes(k) && typeof value[k] === 'string')
  );
}

/**
 * Where a dotted key is written: each segment's quoted name is searched after the previous one's, so
 * `cart.title` finds "title" inside "cart" (good enough for a finding's line; JSON.parse keeps no positions).
 */
function keyOffset(source: string, key: string): number {
  let from = 0;
  let found = 0;
  for (const segment of key.split('.')) {
    const re = new RegExp(`${JSON.stringify(segment).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`, 'g');
    re.lastIndex = from;
    const m = re.exec(source);
    if (!m) return found;
    found = m.index;
    from = m.index + m[0].length;
  }
  return found;
}

/** Parses one locale file; returns the file, or null with the errors that make it unusable. */
export function parseLocaleFile(
  file: string,
  source: string,
): { file: LocaleFile | null; errors: TemplateError[] } {
  const name = FILE_NAME.exec(file);
  const fail = (message: string, offset = 0) => {
    const { line, column } = positionAt(source, offset);
    return { file: null, errors: [new TemplateError(message, 'bad_locale_file', file, line, column)] };
  };
  let locale: string | undefined;
  try {
    locale = name ? Intl.getCanonicalLocales(name[1])[0] : undefined;
  } catch {
    locale = undefined;
  }
  if (!name || !locale)
    return fail(
      `${file}: the file name must be a BCP 47 locale: locales/<lang>.json or locales/<lang>.default.json (en, fr, pt-BR)`,
    );
  let data: unknown;
  try {
    data = JSON.parse(source.replace(/^\uFEFF/, ''));
  } catch (err) {
    const message = (err as Error).message;
    return fail(`invalid JSON in ${file}: ${message}`, jsonErrorOffset(source, message));
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return fail(`${file} must hold one JSON object of translations ({"cart": {"title": "Your cart"}})`);
  const messages = new Map<string, Message>();
  const positions = new Map<string, { line: number; column: number }>();
  const errors: TemplateError[] = [];
  const visit = (value: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(value)) {
      const key = prefix ? `${prefix}.${k}` : k;
      const at = () => positionAt(source, keyOffset(source, key));
      if (typeof v === 'string') messages.set(key, v);
      else if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
        if (isPlural(v as Record<string, unknown>)) messages.set(key, v as Message);
        else {
          visit(v as Record<string, unknown>, key);
          continue;
        }
      } else {
        const { line, column } = at();
        errors.push(
          new TemplateError(
            `${file}: "${key}" must be a string or an object of strings, not ${v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v}`,
            'bad_locale_file',
            file,
            line,
            column,
          ),
        );
        continue;
      }
      positions.set(key, at());
    }
  };
  visit(data as Record<string, unknown>, '');
  return { file: { locale, file, isDefault: Boolean(name[2]), messages, positions }, errors };
}

/** A message found for a key, with the locale of the file that had it (its plural rules apply). */
export interface FoundMessage {
  message: Message;
  locale: string;
}

/** Every locale file of a theme, with the fallback chain and the errors found while loading them. */
export class Translations {
  private byLocale = new Map<string, LocaleFile>();
  private chains = new Map<string, LocaleFile[]>();
  readonly errors: TemplateError[] = [];
  /** The file named <lang>.default.json; null when there is none or several. */
  readonly defaultFile: LocaleFile | null = null;

  /** Builds the translations from theme-relative locale files and their text. */
  constructor(sources: Array<{ file: string; source: string }>) {
    const defaults: LocaleFile[] = [];
    for (const { file, source } of sources) {
      const parsed = parseLocaleFile(file, source);
      this.errors.push(...parsed.errors);
      if (!parsed.file) continue;
      const existing = this.byLocale.get(parsed.file.locale.toLowerCase());
      if (existing) {
        this.errors.push(
          new TemplateError(
            `${file}: locale ${parsed.file.locale} is already given by ${existing.file}: keep one file per locale`,
            'bad_locale_file',
            file,
            1,
            0,
          ),
        );
        continue;
      }
      this.byLocale.set(parsed.file.locale.toLowerCase(), parsed.file);
      if (parsed.file.isDefault) defaults.push(parsed.file);
    }
    if (this.byLocale.size > 0 && defaults.length !== 1) {
      const first = [...this.byLocale.values()][0];
      this.errors.push(
        new TemplateError(
          defaults.length === 0
            ? `no default locale: name exactly one file locales/<lang>.default.json (e.g. rename ${first.file} to ${first.file.replace(/\.json$/, '.default.json')})`
            : `several default locales (${defaults.map((d) => d.file).join(', ')}): keep .default in exactly one file name`,
          'locale_default',
          (defaults[1] ?? first).file,
          1,
          0,
        ),
      );
    } else if (defaults.length === 1) this.defaultFile = defaults[0];
  }

  /** True when the theme has no locale files at all. */
  get empty(): boolean {
    return this.byLocale.size === 0;
  }

  /** Every loaded file, the default one first. */
  files(): LocaleFile[] {
    return [...this.byLocale.values()].sort(
      (a, b) => Number(b.isDefault) - Number(a.isDefault) || a.file.localeCompare(b.file),
    );
  }

  /** The files a site locale reads, most specific first: fr-CA → fr → the default locale. */
  chain(locale: string): LocaleFile[] {
    // Every {{t}} of every page asks: the chains are built once per locale (a handful per shop).
    let out = this.chains.get(locale);
    if (!out) {
      out = this.buildChain(locale);
      if (this.chains.size < 1000) this.chains.set(locale, out); // locales come from sites, but bounded all the same
    }
    return out;
  }

  private buildChain(locale: string): LocaleFile[] {
    const out: LocaleFile[] = [];
    const parts = locale.toLowerCase().split('-');
    for (let n = parts.length; n > 0; n--) {
      const file = this.byLocale.get(parts.slice(0, n).join('-'));
      if (file && !out.includes(file)) out.push(file);
    }
    if (this.defaultFile && !out.includes(this.defaultFile)) out.push(this.defaultFile);
    return out;
  }

  /** The message for a key in a site locale, following the chain; null when no file has it. */
  lookup(key: string, locale: string): FoundMessage | null {
    for (const file of this.chain(locale)) {
      const message = file.messages.get(key);
      if (message !== undefined) return { message, locale: file.locale };
    }
    return null;
  }
}
