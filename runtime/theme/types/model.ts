// The static types of template values: a type is a union of shapes (what JSON Schema can say about
// a value, reduced to what a template can do with it: read fields, iterate, print). The analysis is
// conservative: `any` absorbs everything, a field known in any member of a union is known, and a
// null member never makes a field unknown (Handlebars reads a field of null as nothing).

/** Anything: no finding is ever reported about it or below it. */
export interface AnyShape {
  kind: 'any';
  key: 'any';
}

/** A JSON scalar. `format` is the schema's (`date-time`); `literal` marks a literal written in the template. */
export interface ScalarShape {
  kind: 'string' | 'integer' | 'number' | 'boolean' | 'null';
  key: string;
  format?: string;
  literal?: boolean;
}

/** An array; `items` is computed on first use (schemas may be recursive). */
export interface ArrayShape {
  kind: 'array';
  key: string;
  /** Where it comes from, for messages (`product.json#/properties/variants`). */
  label: string;
  items(): Type;
}

/** An object. `extra` is the type of fields it does not list (null: it has no others). */
export interface ObjectShape {
  kind: 'object';
  key: string;
  /** Where it comes from, for messages (`product.json`, `the page`). */
  label: string;
  fields(): ReadonlyMap<string, Type>;
  extra(): Type | null;
  /** The page scope: its unknown names are undefined variables, not unknown fields. */
  root?: boolean;
}

export type Shape = AnyShape | ScalarShape | ArrayShape | ObjectShape;

/** A union of shapes; empty is `never` (no value: nothing to check). */
export type Type = readonly Shape[];

const ANY_SHAPE: AnyShape = { kind: 'any', key: 'any' };
export const ANY: Type = [ANY_SHAPE];
export const NEVER: Type = [];
export const NULL: Type = [{ kind: 'null', key: 'null' }];
export const BOOLEAN: Type = [{ kind: 'boolean', key: 'boolean' }];
export const INTEGER: Type = [{ kind: 'integer', key: 'integer' }];
export const NUMBER: Type = [{ kind: 'number', key: 'number' }];
export const STRING: Type = [{ kind: 'string', key: 'string' }];

/** A scalar shape of a kind and format. */
export function scalar(kind: ScalarShape['kind'], format?: string, literal = false): Type {
  if (!format && !literal) {
    const known = { string: STRING, integer: INTEGER, number: NUMBER, boolean: BOOLEAN, null: NULL }[kind];
    return known;
  }
  return [{ kind, key: `${kind}${format ? `:${format}` : ''}${literal ? ':literal' : ''}`, format, literal }];
}

/** The union of types, without duplicate shapes; any absorbs the rest. */
export function union(...types: Type[]): Type {
  const out: Shape[] = [];
  const keys = new Set<string>();
  for (const type of types)
    for (const shape of type) {
      if (shape.kind === 'any') return ANY;
      if (keys.has(shape.key)) continue;
      keys.add(shape.key);
      out.push(shape);
    }
  return out;
}

/** True when the type says nothing (it has an `any` member). */
export function isAny(type: Type): boolean {
  return type.some((s) => s.kind === 'any');
}

/** The type without its null member (inside `{{#with x}}`, x is not null). */
export function nonNull(type: Type): Type {
  return type.filter((s) => s.kind !== 'null');
}

/** A stable key for a whole type (fixed-point comparisons). */
export function typeKey(type: Type): string {
  return type
    .map((s) => s.key)
    .sort()
    .join('|');
}

/** An object shape made in code (the page scope, a partial's context with its hash). */
export function objectShape(options: {
  key: string;
  label: string;
  fields: ReadonlyMap<string, Type>;
  extra?: Type | null;
  root?: boolean;
}): ObjectShape {
  const extra = options.extra ?? null;
  return {
    kind: 'object',
    key: options.key,
    label: options.label,
    fields: () => options.fields,
    extra: () => extra,
    ...(options.root ? { root: true } : {}),
  };
}

/** The result of reading one field of a type. */
export type FieldResult =
  | { ok: true; type: Type }
  /** No member has it: `known` lists the names that members do have (for a suggestion). */
  | { ok: false; known: string[]; shapes: Shape[] };

const ARRAY_INDEX = /^\d+$/;

/** Reads field `name` of every member of a type. */
export function field(type: Type, name: string): FieldResult {
  const found: Type[] = [];
  const known = new Set<string>();
  const missing: Shape[] = [];
  for (const shape of type) {
    switch (shape.kind) {
      case 'any':
        return { ok: true, type: ANY };
      case 'null':
        break; // a field of null is nothing, never an error
      case 'object': {
        const f = shape.fields().get(name);
        const extra = shape.extra();
        if (f) found.push(f);
        else if (extra) found.push(extra);
        else {
          missing.push(shape);
          for (const k of shape.fields().keys()) known.add(k);
        }
        break;
      }
      case 'array':
        if (name === 'length') found.push(INTEGER);
        else if (ARRAY_INDEX.test(name)) found.push(shape.items());
        else {
          missing.push(shape);
          known.add('length');
        }
        break;
      case 'string':
        if (name === 'length') found.push(INTEGER);
        else {
          missing.push(shape);
          known.add('length');
        }
        break;
      default:
        missing.push(shape);
    }
  }
  if (found.length || !missing.length) return { ok: true, type: union(...found) };
  return { ok: false, known: [...known], shapes: missing };
}

/** What `{{#each x}}` gives as `this` for each item: array items, object values; anything else: any. */
export function itemsOf(type: Type): Type {
  const out: Type[] = [];
  for (const shape of type) {
    if (shape.kind === 'array') out.push(shape.items());
    else if (shape.kind === 'object') {
      out.push(...shape.fields().values());
      const extra = shape.extra();
      if (extra) out.push(extra);
    } else if (shape.kind !== 'null') return ANY;
  }
  return union(...out);
}

/** How a shape reads in a message: "a string", "an object (money.json)". */
export function describeShape(shape: Shape): string {
  switch (shape.kind) {
    case 'any':
      return 'anything';
    case 'null':
      return 'null';
    case 'string':
      return shape.literal
        ? 'a string literal'
        : shape.format
          ? `a string (format ${shape.format})`
          : 'a string';
    case 'integer':
      return shape.literal ? 'a number literal' : 'an integer';
    case 'number':
      return shape.literal ? 'a number literal' : 'a number';
    case 'boolean':
      return 'a boolean';
    case 'array':
      return `an array (${shape.label})`;
    case 'object':
      return shape.root ? 'the page scope' : `an object (${shape.label})`;
  }
}

/** How a type reads in a message: "a string or null". */
export function describeType(type: Type): string {
  if (!type.length) return 'nothing';
  const parts = [...new Set(type.map(describeShape))];
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]}`;
}
