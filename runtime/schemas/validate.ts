// ajv over every JSON Schema in runtime/schemas/: template objects, API bodies, fixtures.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import * as addFormatsModule from 'ajv-formats';
import { schemasDir } from '../paths.js';

// ajv-formats ships CommonJS; its default export arrives wrapped under ESM interop.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default: { default?: AddFormats } & AddFormats }).default.default ??
  (addFormatsModule as unknown as { default: AddFormats }).default;

/** One schema violation: where (JSON pointer) and why. */
export interface SchemaViolation {
  pointer: string;
  message: string;
}

let ajv: Ajv | null = null;
const byName = new Map<string, ValidateFunction>();

function instance(): Ajv {
  if (ajv) return ajv;
  ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  const files = readdirSync(schemasDir).filter((f) => f.endsWith('.json'));
  for (const file of files)
    ajv.addSchema(JSON.parse(readFileSync(join(schemasDir, file), 'utf8')), file.replace(/\.json$/, ''));
  return ajv;
}

/** The compiled validator of runtime/schemas/<name>.json. */
export function validatorFor(name: string): ValidateFunction {
  let fn = byName.get(name);
  if (!fn) {
    fn = instance().getSchema(name);
    if (!fn) throw new Error(`no JSON Schema named ${name} in ${schemasDir}`);
    byName.set(name, fn);
  }
  return fn;
}

/** Validates data against a named schema; returns the violations (empty when valid). */
export function validateAgainst(name: string, data: unknown): SchemaViolation[] {
  const fn = validatorFor(name);
  return fn(data) ? [] : describeErrors(fn.errors ?? []);
}

/** ajv errors as pointer + readable reason. */
export function describeErrors(errors: ErrorObject[]): SchemaViolation[] {
  return errors.map((e) => {
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties')
      message = `has unknown property ${JSON.stringify((e.params as { additionalProperty: string }).additionalProperty)}`;
    if (e.keyword === 'enum')
      message = `must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
    return { pointer: e.instancePath || '/', message };
  });
}
