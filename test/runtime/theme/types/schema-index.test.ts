// SchemaIndex: the JSON Schemas as static types — $ref between and inside files, unions, nullable
// types, and everything a schema leaves open read as `any` (no finding).
import { expect } from 'chai';
import { SchemaIndex, packageSchemas } from '../../../../runtime/theme/types/index.js';
import { field, isAny, itemsOf, nonNull, type Type } from '../../../../runtime/theme/types/model.js';
import { TemplateObjects, defineContextValue } from '../../../../runtime/theme/objects.js';
import { checkPage, ranges } from './helpers.js';

/** Reads a dotted path of fields; null where a field is unknown. */
function read(type: Type, path: string): Type | null {
  let t = type;
  for (const name of path.split('.')) {
    const r = field(t, name);
    if (!r.ok) return null;
    t = r.type;
  }
  return t;
}

const SCHEMAS = {
  thing: {
    $id: 'https://example.test/schemas/thing.json',
    type: 'object',
    additionalProperties: false,
    properties: {
      closed: { $ref: '#/definitions/closed' },
      open: { type: 'object', properties: { a: { type: 'string' } } },
      typedExtra: { type: 'object', properties: {}, additionalProperties: { type: 'integer' } },
      patterned: { type: 'object', additionalProperties: false, patternProperties: { '^x': {} } },
      anything: {},
      either: { anyOf: [{ $ref: '#/definitions/closed' }, { $ref: 'other.json' }] },
      nullable: {
        type: ['object', 'null'],
        additionalProperties: false,
        properties: { n: { type: 'string' } },
      },
      merged: { allOf: [{ $ref: '#/definitions/closed' }, { type: 'object', properties: { m: {} } }] },
      tree: { $ref: '#/definitions/tree' },
      broken: { $ref: 'missing.json#/nope' },
      status: { enum: ['a', 'b'] },
    },
    definitions: {
      closed: {
        type: 'object',
        additionalProperties: false,
        properties: { c: { type: 'string', format: 'date-time' } },
      },
      tree: {
        type: 'object',
        additionalProperties: false,
        properties: {
          label: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/definitions/tree' } },
        },
      },
    },
  },
  other: {
    $id: 'https://example.test/schemas/other.json',
    type: 'object',
    additionalProperties: false,
    properties: { o: { type: 'boolean' } },
  },
};

describe('theme/types: SchemaIndex', () => {
  const index = new SchemaIndex(SCHEMAS);
  const thing = index.type('thing');

  it('resolves $ref inside a file and across files by $id', () => {
    expect(read(thing, 'closed.c')?.[0]).to.include({ kind: 'string', format: 'date-time' });
    expect(read(thing, 'closed.d')).to.equal(null);
    expect(read(thing, 'either.o')?.[0]).to.include({ kind: 'boolean' });
    expect(read(thing, 'either.c')).to.not.equal(null); // a field of any branch is known
    expect(read(thing, 'either.z')).to.equal(null);
  });

  it('reads objects without additionalProperties: false as open, typed by additionalProperties', () => {
    expect(isAny(read(thing, 'open.whatever')!)).to.equal(true);
    expect(read(thing, 'open.a')?.[0]).to.include({ kind: 'string' });
    expect(read(thing, 'typedExtra.any')?.[0]).to.include({ kind: 'integer' });
    expect(isAny(read(thing, 'patterned.y')!)).to.equal(true);
    expect(isAny(read(thing, 'anything.deep.path')!)).to.equal(true);
    expect(isAny(read(thing, 'broken.deep')!)).to.equal(true); // an unresolvable $ref says nothing
  });

  it('reads type lists and allOf as unions; nullable members never make a field unknown', () => {
    const nullable = read(thing, 'nullable')!;
    expect(nullable.map((s) => s.kind).sort()).to.deep.equal(['null', 'object']);
    expect(nonNull(nullable).map((s) => s.kind)).to.deep.equal(['object']);
    expect(read(thing, 'nullable.n')).to.not.equal(null);
    expect(read(thing, 'nullable.z')).to.equal(null);
    expect(read(thing, 'merged.c')).to.not.equal(null);
    expect(read(thing, 'merged.m')).to.not.equal(null);
    expect(read(thing, 'status')?.[0]).to.include({ kind: 'string' });
  });

  it('follows recursive schemas lazily', () => {
    expect(read(thing, 'tree.children.0.children.0.label')?.[0]).to.include({ kind: 'string' });
    expect(itemsOf(read(thing, 'tree.children')!)[0]).to.include({ kind: 'object' });
  });

  it('loads the package schemas: money.json through cart.json’s nullable $ref', () => {
    const cart = packageSchemas().type('cart');
    expect(read(cart, 'total_price.formatted')?.[0]).to.include({ kind: 'string' });
    expect(
      read(cart, 'total_price')!
        .map((s) => s.kind)
        .sort(),
    ).to.deep.equal(['null', 'object']);
    expect(isAny(packageSchemas().type('no-such-schema'))).to.equal(true);
  });

  it('is what the checker uses for a registry of other schemas', () => {
    const objects = new TemplateObjects([
      defineContextValue({ name: 'thing', schema: 'thing', private: false, description: 'a test object' }),
    ]);
    const findings = checkPage(
      '{{thing.open.x}} {{thing.anything.x}} {{thing.either.o}} {{thing.nullable.n}}\n{{thing.closed.d}} {{thing.either.zz}} {{thin}}',
      { objects, schemas: index },
    );
    expect(ranges(findings)).to.deep.equal([
      'pages/index.hbs 2:3-2:17 unknown-field',
      'pages/index.hbs 2:22-2:37 unknown-field',
      'pages/index.hbs 2:42-2:46 undefined-variable',
    ]);
    expect(findings[1].message).to.equal(
      '`zz` is not a field of `thing.either` (thing.json#/definitions/closed or other.json); its fields: c, o',
    );
  });
});
