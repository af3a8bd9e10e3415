// Errors of the theme language. Each carries the theme file and line so that `dev`'s overlay,
// `check-theme` and the server log can point at the source.

/** A template that cannot be parsed, compiled or rendered. */
export class TemplateError extends Error {
  override name = 'TemplateError';
  constructor(
    message: string,
    readonly code: string,
    public file: string | null = null,
    public line: number | null = null,
    public column: number | null = null,
    /** JSON pointer into a template object, for schema violations. */
    readonly dataPath: string | null = null,
  ) {
    super(message);
  }

  /** `file:line:column` (as much of it as is known). */
  get where(): string {
    if (!this.file) return '(unknown file)';
    return this.line
      ? `${this.file}:${this.line}${this.column !== null ? `:${this.column + 1}` : ''}`
      : this.file;
  }
}

/** Thrown by `{{abort 404}}`: stops the render; the server answers with the theme's error page. */
export class AbortRender extends Error {
  override name = 'AbortRender';
  constructor(readonly status: number) {
    super(`abort ${status}`);
  }
}

/** Adds a file (and line, when known) to an error thrown while rendering that file. */
export function locateError(
  err: unknown,
  file: string,
  loc?: { start: { line: number; column: number } } | null,
): unknown {
  if (err instanceof AbortRender) return err;
  if (err instanceof TemplateError) {
    if (!err.file) {
      err.file = file;
      if (loc && err.line === null) {
        err.line = loc.start.line;
        err.column = loc.start.column;
      }
    }
    return err;
  }
  const e = err as { message?: string; lineNumber?: number; column?: number };
  return new TemplateError(
    e?.message ?? String(err),
    'render_error',
    file,
    loc?.start.line ?? e?.lineNumber ?? null,
    loc?.start.column ?? e?.column ?? null,
  );
}
