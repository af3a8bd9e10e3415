// dev's `inspect` hook: every template object is validated against its JSON Schema before the
// render; a violation stops the render with the data call's file:line and the JSON pointer.
import type { ObjectInspector } from '../runtime/theme/theme.js';
import { TemplateError } from '../runtime/theme/errors.js';
import { validateAgainst, validatorFor } from '../runtime/schemas/validate.js';

/** Builds the inspector; `warn` hears once about each schema that does not exist (yet). */
export function createInspector(warn: (message: string) => void = () => {}): ObjectInspector {
  const missing = new Set<string>();
  return (schema, value, where) => {
    if (missing.has(schema)) return;
    try {
      validatorFor(schema);
    } catch (err) {
      missing.add(schema);
      warn(
        `no JSON Schema "${schema}" to validate ${where.label} against (${(err as Error).message}); not validated`,
      );
      return;
    }
    // Templates see Dates and the like as their JSON form, and so does the schema.
    const plain = value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
    const violations = validateAgainst(schema, plain);
    if (violations.length === 0) return;
    const first = violations[0];
    const rest =
      violations.length > 1
        ? ` (and ${violations.length - 1} more: ${violations
            .slice(1, 4)
            .map((v) => `${v.pointer} ${v.message}`)
            .join('; ')})`
        : '';
    throw new TemplateError(
      `${where.label} returned an object that does not match the "${schema}" schema: ${first.pointer} ${first.message}${rest}`,
      'schema_violation',
      where.file,
      where.line,
      null,
      first.pointer,
    );
  };
}
