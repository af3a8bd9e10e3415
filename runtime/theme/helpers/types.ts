// What a helper module exports: its name, a one-line usage, and a factory bound to one theme.
import type { HelperOptions } from 'handlebars';
import type { Translations } from '../locales.js';

/** The parts of a loaded theme that helpers need. */
export interface HelperHost {
  /** Renders the named template (e.g. 'layouts/base') with a context and data frame. */
  renderTemplate(name: string, context: unknown, data: unknown): string;
  /** Content-hashed URL of a theme asset, or null when the theme has no such file. */
  assetUrl(path: string): string | null;
  /** The theme's locales/*.json (`{{t}}`). */
  translations?(): Translations;
  /** Told about a {{t}} key no locale file has (dev prints a warning); the key itself is rendered. */
  missingTranslation?(key: string, locale: string, options: HelperOptions): void;
}

export type HelperFn = (this: unknown, ...args: unknown[]) => unknown;

/**
 * What a helper parameter accepts, as the type checker (runtime/theme/types/) reads it:
 * - `any`: anything;
 * - `text`: a value printed as text: a string, number or boolean (objects and arrays are reported);
 * - `date-time`: an ISO 8601 date-time string (JSON Schema `format: date-time` or `date`);
 * - `number`: a number or integer;
 * - `string-literal`: a quoted string written in the template (`{{asset "css/theme.css"}}`).
 * A null value is accepted everywhere (helpers render nothing for it).
 */
export type ParamType = 'any' | 'text' | 'date-time' | 'number' | 'string-literal';

/** A helper's parameters and result, declared next to its code and checked statically. */
export interface HelperSignature {
  /** Positional parameters, in order. */
  params: ReadonlyArray<{ name: string; type: ParamType }>;
  /** The type of further positional parameters (`and`, `or`); none are expected when absent. */
  rest?: ParamType;
  /** What a subexpression `(helper …)` gives. */
  returns: 'boolean' | 'string' | 'any';
}

/** One helper of the theme language. */
export interface HelperDefinition {
  name: string;
  usage: string;
  /** Parameter and result types, for the type checker (`helper-argument-type`). */
  signature: HelperSignature;
  create(host: HelperHost): HelperFn;
}

export type { HelperOptions };

/** The options object Handlebars passes as the last argument of every helper call. */
export function optionsOf(
  args: unknown[],
): HelperOptions & { loc?: { start: { line: number; column: number } } } {
  return args[args.length - 1] as HelperOptions & { loc?: { start: { line: number; column: number } } };
}
