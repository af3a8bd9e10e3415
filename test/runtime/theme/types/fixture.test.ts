// The typed fixture theme: each rule of the type checker fires where the templates are wrong, at
// the range of the path or argument, and nowhere else.
import { expect } from 'chai';
import { lintTheme } from '../../../../runtime/theme/lint/run.js';
import { TEMPLATE_OBJECTS } from '../../../../runtime/template-objects.js';

const THEME = new URL('../../../fixtures/themes/typed', import.meta.url).pathname;

describe('check-theme on the typed fixture theme', () => {
  const { findings } = lintTheme(THEME, {
    objects: TEMPLATE_OBJECTS,
    only: ['unknown-field', 'undefined-variable', 'helper-argument-type'],
  });

  it('reports each type rule at its exact range, with a suggestion', () => {
    expect(
      findings.map((f) => `${f.rule} ${f.file}:${f.line}:${f.column}-${f.endLine}:${f.endColumn}`),
    ).to.deep.equal([
      'undefined-variable pages/index.hbs:4:9-4:21',
      'unknown-field pages/products/show.hbs:6:10-6:28',
      'helper-argument-type pages/products/show.hbs:7:22-7:34',
      'unknown-field partials/variant-row.hbs:1:103-1:116',
    ]);
    expect(findings[0].message).to.include('did you mean `products`?');
    expect(findings[1].message).to.include('did you mean `description`?');
    expect(findings[2].message).to.include('`date` takes a date-time string');
    expect(findings[3].message).to.include('(product.json#/definitions/variant)');
  });
});
