// The language server's pieces without the protocol: completion sites and snippets, definition
// targets, and the type checker's pathTypes / SchemaIndex.fieldDescription they are built on.
import { expect } from 'chai';
import { completionSite, helperSnippet } from '../../language-server/completion.js';
import { referenceAt } from '../../language-server/definition.js';
import { toDiagnostic } from '../../language-server/diagnostics.js';
import { themeTypes, tryParse } from '../../language-server/documents.js';
import { TEMPLATE_OBJECTS } from '../../runtime/template-objects.js';
import { packageSchemas, pathTypes, types } from '../../runtime/theme/types/index.js';

describe('language server pieces', () => {
  it('finds what is being completed from the text before the cursor', () => {
    const at = (text: string) => completionSite(text, text.length);
    expect(at('<p>{{> prod')).to.deep.equal({ kind: 'partial', typed: 'prod' });
    expect(at('{{#extends "lay')).to.deep.equal({ kind: 'layout', typed: 'lay' });
    expect(at('<link href="{{asset "css/')).to.deep.equal({ kind: 'asset', typed: 'css/' });
    expect(at('<p>{{product.na')).to.deep.equal({ kind: 'path', token: 'product.na', start: 5 });
    expect(at('<p>{{x}} product.')).to.equal(null);
    expect(at('{{set title="Pro')).to.equal(null);
  });

  it('makes snippets from the helpers’ usage lines', () => {
    expect(helperSnippet('asset', '{{asset "css/theme.css"}}')).to.equal('asset "${1:css/theme.css}"');
    expect(helperSnippet('eq', '{{#if (eq a b)}}')).to.equal('eq ${1:a} ${2:b}');
    expect(helperSnippet('block', '{{#block "name"}}default{{/block}}')).to.equal('block "${1:name}"');
  });

  it('finds the file a partial, layout or asset reference points to', () => {
    const text = '{{#extends "layouts/base"}}{{> product-card}}<link href="{{asset "css/theme.css"}}">';
    expect(referenceAt(text, 15)).to.equal('layouts/base.hbs');
    expect(referenceAt(text, 33)).to.equal('partials/product-card.hbs');
    expect(referenceAt(text, text.indexOf('css/'))).to.equal('assets/css/theme.css');
    expect(referenceAt('{{product.name}}', 4)).to.equal(null);
  });

  it('converts a finding to a 0-based LSP range with the rule as code and its help link', () => {
    const d = toDiagnostic({
      file: 'pages/a.hbs',
      line: 3,
      column: 5,
      endLine: 3,
      endColumn: 12,
      severity: 'warning',
      rule: 'unknown-field',
      message: 'm',
      fixable: false,
    });
    expect(d.range).to.deep.equal({ start: { line: 2, character: 4 }, end: { line: 2, character: 11 } });
    expect(d.severity).to.equal(2);
    expect(d.code).to.equal('unknown-field');
    expect(d.codeDescription?.href).to.match(/#unknown-field$/);
  });

  it('pathTypes gives each prefix of a path its type, with block parameters in scope', () => {
    const source = '{{#with (products.find slug="x") as |product|}}{{product.price.formatted}}{{/with}}';
    const files = { 'pages/p.hbs': source };
    const hits = pathTypes(
      tryParse(source, 'pages/p.hbs')!,
      'pages/p.hbs',
      themeTypes(files, TEMPLATE_OBJECTS),
    );
    const hit = hits.find((h) => h.path.original === 'product.price.formatted')!;
    expect(hit.scope.params.has('product')).to.equal(true);
    expect(hit.prefixes).to.have.length(4);
    expect(types.describeType(hit.prefixes[3])).to.equal('a string');
    const fields = hit.prefixes[1].flatMap((s) => (s.kind === 'object' ? [...s.fields().keys()] : []));
    expect(fields).to.include.members(['name', 'description', 'price', 'variants']);
  });

  it('SchemaIndex.fieldDescription reads a field’s description, following $ref', () => {
    expect(packageSchemas().fieldDescription('product.json', 'price')).to.equal('The lowest variant price.');
    expect(packageSchemas().fieldDescription('product.json', 'nope')).to.equal(null);
    expect(packageSchemas().fieldDescription('nope.json', 'price')).to.equal(null);
  });
});
