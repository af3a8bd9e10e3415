// The JSON Schemas of runtime/schemas/ as static types (model.ts): $ref between files and inside
// them resolved, oneOf/anyOf/allOf and type lists read as unions, `additionalProperties: false` as
// the only way an object's fields are closed. Anything the schema leaves open (no properties,
// additionalProperties not false, `{}`, a $ref that cannot be resolved) is `any`: no finding.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemasDir } from '../../paths.js';
import { ANY, NEVER, scalar, union, type ArrayShape, type ObjectShape, type Type } from './model.js';

type SchemaNode = Record<string, unknown>;

/** Where a schema node is: its file (schema name), JSON pointer and the base URI of its document. */
interface At {
  name: string;
  pointer: string;
  base: string;
}

const SCALARS = new Set(['string', 'integer', 'number', 'boolean', 'null']);

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unescapePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** JSON Schemas by name ('product' for product.json), as static types. */
export class SchemaIndex {
  private readonly docs = new Map<string, { name: string; doc: unknown }>();
  private readonly bases = new Map<string, string>();
  private readonly cache = new WeakMap<object, Type>();
  private readonly converting = new Set<object>();

  /** schemas: name ('product') → the parsed JSON of <name>.json. */
  constructor(schemas: Readonly<Record<string, unknown>>) {
    for (const [name, doc] of Object.entries(schemas)) {
      const id = isNode(doc) && typeof doc.$id === 'string' ? doc.$id : null;
      const base = stripFragment(id ?? `https://schemas.storefront.invalid/${name}.json`);
      this.docs.set(base, { name, doc });
      this.bases.set(name, base);
    }
  }

  /** Every runtime/schemas/*.json (or another folder's). */
  static load(dir: string = schemasDir): SchemaIndex {
    const schemas: Record<string, unknown> = {};
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort())
      schemas[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    return new SchemaIndex(schemas);
  }

  /** True when a schema of this name is known. */
  has(name: string): boolean {
    return this.bases.has(name);
  }

  /** The type of runtime/schemas/<name>.json; any for a name it does not know. */
  type(name: string): Type {
    const base = this.bases.get(name);
    if (!base) return ANY;
    return this.convert(this.docs.get(base)!.doc, { name, pointer: '', base });
  }

  /**
   * The schema's description of field `name` of an object shape (its label: `product.json`,
   * `product.json#/properties/price`), following $ref; null when it has none (the language server's hover).
   */
  fieldDescription(label: string, name: string): string | null {
    const m = /^(.+)\.json(?:#(.*))?$/.exec(label);
    const base = m ? this.bases.get(m[1]) : undefined;
    if (!m || !base) return null;
    const token = encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));
    let found = this.resolve(`#${m[2] ?? ''}/properties/${token}`, { name: m[1], pointer: m[2] ?? '', base });
    for (let hops = 0; found && hops < 8; hops++) {
      const node = found.node;
      if (!isNode(node)) return null;
      if (typeof node.description === 'string') return node.description;
      if (typeof node.$ref !== 'string') return null;
      found = this.resolve(node.$ref, found.at);
    }
    return null;
  }

  private resolve(ref: string, at: At): { node: unknown; at: At } | null {
    let url: URL;
    try {
      url = new URL(ref, at.base);
    } catch {
      return null;
    }
    const base = stripFragment(url.href);
    const doc = this.docs.get(base);
    if (!doc) return null;
    const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
    let node: unknown = doc.doc;
    for (const token of pointer.split('/').slice(1)) {
      if (!isNode(node) && !Array.isArray(node)) return null;
      node = (node as Record<string, unknown>)[unescapePointer(token)];
      if (node === undefined) return null;
    }
    return { node, at: { name: doc.name, pointer, base } };
  }

  private convert(node: unknown, at: At): Type {
    if (node === false) return NEVER;
    if (!isNode(node)) return ANY;
    const cached = this.cache.get(node);
    if (cached) return cached;
    if (this.converting.has(node)) return ANY; // a $ref or oneOf cycle without an object between
    this.converting.add(node);
    try {
      const type = this.convertNode(node, at);
      this.cache.set(node, type);
      return type;
    } finally {
      this.converting.delete(node);
    }
  }

  private convertNode(node: SchemaNode, at: At): Type {
    if (typeof node.$ref === 'string') {
      const target = this.resolve(node.$ref, at);
      return target ? this.convert(target.node, target.at) : ANY;
    }
    const parts: Type[] = [];
    for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
      const branches = node[keyword];
      // allOf is read as a union too: a field any part declares is known (never a false positive).
      if (Array.isArray(branches))
        branches.forEach((b, i) =>
          parts.push(this.convert(b, { ...at, pointer: `${at.pointer}/${keyword}/${i}` })),
        );
    }
    const kinds = this.kindsOf(node);
    if (kinds === null) return parts.length ? union(...parts) : ANY;
    for (const kind of kinds) {
      if (kind === 'object') parts.push([this.objectOf(node, at)]);
      else if (kind === 'array') parts.push([this.arrayOf(node, at)]);
      else if (SCALARS.has(kind))
        parts.push(
          scalar(
            kind as 'string',
            kind === 'string' && typeof node.format === 'string' ? node.format : undefined,
          ),
        );
      else parts.push(ANY);
    }
    return union(...parts);
  }

  /** The JSON types a node allows by itself; null when it says nothing (then only its branches count). */
  private kindsOf(node: SchemaNode): string[] | null {
    if (typeof node.type === 'string') return [node.type];
    if (Array.isArray(node.type)) return node.type.filter((t): t is string => typeof t === 'string');
    if ('properties' in node || 'additionalProperties' in node || 'patternProperties' in node)
      return ['object'];
    if ('items' in node) return ['array'];
    const values = 'const' in node ? [node.const] : Array.isArray(node.enum) ? node.enum : null;
    if (values)
      return [
        ...new Set(
          values.map((v) =>
            v === null
              ? 'null'
              : Array.isArray(v)
                ? 'array'
                : typeof v === 'number'
                  ? Number.isInteger(v)
                    ? 'integer'
                    : 'number'
                  : typeof v === 'object'
                    ? 'any' // an object constant: nothing to say about its fields
                    : typeof v,
          ),
        ),
      ];
    return null;
  }

  private objectOf(node: SchemaNode, at: At): ObjectShape {
    const label = labelOf(at);
    let fields: Map<string, Type> | null = null;
    let extra: Type | null | undefined;
    return {
      kind: 'object',
      key: `schema:${label}`,
      label,
      fields: () => {
        if (fields) return fields;
        fields = new Map();
        const properties = isNode(node.properties) ? node.properties : {};
        for (const [name, schema] of Object.entries(properties))
          fields.set(name, this.convert(schema, { ...at, pointer: `${at.pointer}/properties/${name}` }));
        return fields;
      },
      extra: () => {
        if (extra !== undefined) return extra;
        const additional = node.additionalProperties;
        // Pattern properties could match any name: the object is open.
        if (isNode(node.patternProperties) && Object.keys(node.patternProperties).length) extra = ANY;
        else if (additional === false) extra = null;
        else if (isNode(additional))
          extra = this.convert(additional, { ...at, pointer: `${at.pointer}/additionalProperties` });
        else extra = ANY;
        return extra;
      },
    };
  }

  private arrayOf(node: SchemaNode, at: At): ArrayShape {
    const label = labelOf(at);
    let items: Type | null = null;
    return {
      kind: 'array',
      key: `schema:${label}`,
      label,
      items: () => {
        if (items) return items;
        const schema = node.items;
        items = Array.isArray(schema)
          ? union(...schema.map((s, i) => this.convert(s, { ...at, pointer: `${at.pointer}/items/${i}` })))
          : 'items' in node
            ? this.convert(schema, { ...at, pointer: `${at.pointer}/items` })
            : ANY;
        return items;
      },
    };
  }
}

function stripFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash < 0 ? uri : uri.slice(0, hash);
}

/** `product.json`, `product.json#/definitions/variant`. */
function labelOf(at: At): string {
  return `${at.name}.json${at.pointer ? `#${at.pointer}` : ''}`;
}

let shared: SchemaIndex | null = null;

/** The package's own schemas (runtime/schemas/), read once. */
export function packageSchemas(): SchemaIndex {
  shared ??= SchemaIndex.load();
  return shared;
}
