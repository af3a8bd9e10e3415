// What a helper module exports: its name, a one-line usage, and a factory bound to one theme.
import type { HelperOptions } from 'handlebars';

/** The parts of a loaded theme that helpers need. */
export interface HelperHost {
  /** Renders the named template (e.g. 'layouts/base') with a context and data frame. */
  renderTemplate(name: string, context: unknown, data: unknown): string;
  /** Content-hashed URL of a theme asset, or null when the theme has no such file. */
  assetUrl(path: string): string | null;
}

export type HelperFn = (this: unknown, ...args: unknown[]) => unknown;

/** One helper of the theme language. */
export interface HelperDefinition {
  name: string;
  usage: string;
  create(host: HelperHost): HelperFn;
}

export type { HelperOptions };

/** The options object Handlebars passes as the last argument of every helper call. */
export function optionsOf(
  args: unknown[],
): HelperOptions & { loc?: { start: { line: number; column: number } } } {
  return args[args.length - 1] as HelperOptions & { loc?: { start: { line: number; column: number } } };
}
