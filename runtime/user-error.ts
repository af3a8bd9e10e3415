// The base of failures a user can fix (a bad flag or URL, an unreachable database, an unmigrated
// schema, a broken fixtures file): the CLI prints their one-line message and exits 1, with no stack
// trace unless --verbose. Anything else is reported as an unexpected error.

// Every UserError carries this mark, and `instanceof UserError` looks for it rather than for this
// class's prototype: a module the CLI loads lazily may come from another copy of this file (under
// tsx, one imported both statically and with import() is loaded twice), and its errors still count.
const MARK = Symbol.for('storefront.UserError');

/** A failure the user can fix; its message is meant to be read as it is. */
export class UserError extends Error {
  readonly [MARK] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    // Subclasses (`err instanceof ConfigError`) keep the ordinary prototype check.
    if (this !== UserError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [MARK]?: unknown })[MARK] === true;
  }
}
