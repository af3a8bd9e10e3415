// The template-object registry: one entry per object, each with its schema, runner and docs row.
import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { TEMPLATE_OBJECT_DECLARATIONS, TEMPLATE_OBJECTS } from '../../runtime/template-objects.js';
import type { TemplateObjectDeclaration } from '../../runtime/theme/objects.js';
import { TemplateObjects } from '../../runtime/theme/objects.js';
import { schemasDir } from '../../runtime/paths.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The README row of a declaration, as the theme-language section lists it. */
function readmeRow(d: TemplateObjectDeclaration<never>): string {
  const args =
    d.kind === 'call'
      ? Object.entries(d.args)
          .map(([k, t]) => `${k}${d.required.includes(k) ? '' : '?'}: ${t}`)
          .join(', ')
      : '';
  const kind = d.kind === 'call' ? 'data call' : d.kind === 'object' ? 'loaded when read' : 'always given';
  return `| \`${d.name}\` | ${kind} | ${args ? `\`${args}\`` : ''} | ${d.schema ? `\`${d.schema}.json\`` : ''} | ${d.private ? 'yes' : 'no'} | ${d.description} |`;
}

describe('runtime/template-objects', () => {
  it('declares each object once, with an existing schema and a runner for what must be fetched', () => {
    const names = TEMPLATE_OBJECT_DECLARATIONS.map((d) => d.name);
    expect(new Set(names).size).to.equal(names.length);
    for (const d of TEMPLATE_OBJECT_DECLARATIONS) {
      if (d.schema) expect(existsSync(`${schemasDir}/${d.schema}.json`), d.name).to.equal(true);
      if (d.kind === 'call') {
        expect(d.run, d.name).to.be.a('function');
        for (const required of d.required) expect(d.args, d.name).to.have.property(required);
      }
      if (d.kind === 'object') expect(d.load, d.name).to.be.a('function');
    }
  });

  it('is what the README lists, row for row', () => {
    const table = README.split('\n').filter((l) =>
      /^\| `[a-z_.]+` \| (data call|loaded when read|always given) \|/.test(l),
    );
    expect(table).to.deep.equal(TEMPLATE_OBJECT_DECLARATIONS.map(readmeRow));
  });

  it('tells the engine which roots start calls and which names are objects', () => {
    expect([...TEMPLATE_OBJECTS.callHeads].sort()).to.deep.equal(['orders', 'products']);
    expect(TEMPLATE_OBJECTS.call('orders.find')?.private).to.equal(true);
    expect(TEMPLATE_OBJECTS.call('products.find')?.private).to.equal(false);
    expect(TEMPLATE_OBJECTS.root('cart')?.kind).to.equal('object');
    expect(TEMPLATE_OBJECTS.root('products.find')).to.equal(undefined);
  });

  it('refuses a name declared twice', () => {
    const twice = [TEMPLATE_OBJECT_DECLARATIONS[0]!, TEMPLATE_OBJECT_DECLARATIONS[0]!];
    expect(() => new TemplateObjects(twice)).to.throw('declared twice');
  });
});
