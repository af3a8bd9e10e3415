import { expect } from 'chai';
import { lintFiles, spans } from '../helpers.js';

const EN = JSON.stringify({
  cart: { title: 'Cart', items: { one: '{count} item', other: '{count} items' } },
});

describe('check-theme rule translation-key-missing', () => {
  it('reports a literal key the default locale lacks, at the key, with the nearest key', () => {
    const findings = lintFiles('translation-key-missing', {
      'pages/index.hbs':
        '<h1>{{t "cart.titel"}}</h1>\n{{t "cart.items" count=2}} {{#if (t "checkout.go")}}{{/if}}',
      'locales/en.default.json': EN,
      'locales/fr.json': JSON.stringify({ cart: { titel: 'Panier' } }),
    });
    expect(findings.map((f) => `${f.file}:${spans([f])[0]} ${f.severity}`)).to.deep.equal([
      'pages/index.hbs:1:9-1:21 error', // the key's string literal
      'pages/index.hbs:2:37-2:50 error',
    ]);
    expect(findings[0].message).to.equal(
      'translation "cart.titel" is not in locales/en.default.json: did you mean "cart.title"?',
    );
    expect(findings[1].message).to.equal(
      'translation "checkout.go" is not in locales/en.default.json: add it there',
    );
  });

  it('counts a plural object as one key and says nothing when every key is there', () => {
    const files = {
      'pages/index.hbs': '{{t "cart.title"}} {{t "cart.items" count=1}}',
      'locales/en.default.json': EN,
    };
    expect(lintFiles('translation-key-missing', files)).to.deep.equal([]);
  });

  it('reports keys of a theme without locale files, and leaves a theme without a default to template-error', () => {
    const none = lintFiles('translation-key-missing', { 'pages/index.hbs': '{{t "cart.title"}}' });
    expect(none.map((f) => f.message)).to.deep.equal([
      'translation "cart.title" is used but the theme has no locale files: add locales/en.default.json with it',
    ]);
    const noDefault = { 'pages/index.hbs': '{{t "cart.nope"}}', 'locales/en.json': EN };
    expect(lintFiles('translation-key-missing', noDefault)).to.deep.equal([]);
    expect(lintFiles('template-error', noDefault).map((f) => f.file)).to.deep.equal(['locales/en.json']);
  });
});
