import { expect } from 'chai';
import { lintFiles } from '../helpers.js';

const EN = JSON.stringify({
  cart: { title: 'Cart', items: { one: '{count} item', other: '{count} items' } },
  bye: 'Bye',
});

describe('check-theme rule translation-key-missing-in-locale', () => {
  it('warns on the locale file for each default key it does not translate (plurals are one key)', () => {
    const findings = lintFiles('translation-key-missing-in-locale', {
      'pages/index.hbs': 'x',
      'locales/en.default.json': EN,
      'locales/fr.json': JSON.stringify({ cart: { title: 'Panier', items: { one: 'x', other: 'y' } } }),
      'locales/de.json': JSON.stringify({ bye: 'Tschüss' }),
    });
    expect(findings.map((f) => `${f.file}:${f.line} ${f.severity} ${f.message}`)).to.deep.equal([
      'locales/de.json:1 warning "cart.title" of locales/en.default.json is not translated in locales/de.json: its sites show the en text',
      'locales/de.json:1 warning "cart.items" of locales/en.default.json is not translated in locales/de.json: its sites show the en text',
      'locales/fr.json:1 warning "bye" of locales/en.default.json is not translated in locales/fr.json: its sites show the en text',
    ]);
  });

  it('counts what a regional file inherits from its language file', () => {
    const findings = lintFiles('translation-key-missing-in-locale', {
      'pages/index.hbs': 'x',
      'locales/en.default.json': JSON.stringify({ a: 'A', b: 'B' }),
      'locales/fr.json': JSON.stringify({ a: 'A', b: 'B' }),
      'locales/fr-CA.json': JSON.stringify({ a: 'A (CA)' }),
    });
    expect(findings).to.deep.equal([]);
  });

  it('reports a key the language file lacks once, on the language file, not on its regional files', () => {
    const findings = lintFiles('translation-key-missing-in-locale', {
      'pages/index.hbs': 'x',
      'locales/en.default.json': JSON.stringify({ a: 'A', b: 'B' }),
      'locales/fr.json': JSON.stringify({ a: 'A' }),
      'locales/fr-CA.json': JSON.stringify({ a: 'A (CA)' }),
      'locales/de-AT.json': JSON.stringify({ a: 'A' }),
    });
    expect(findings.map((f) => `${f.file} ${/"(\w+)"/.exec(f.message)![1]}`)).to.deep.equal([
      'locales/de-AT.json b', // no de.json: the regional file is where the key goes
      'locales/fr.json b',
    ]);
  });
});
