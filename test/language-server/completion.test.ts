// Completion of translation keys inside {{t "…"}}: the default locale's keys with their text.
import { expect } from 'chai';
import { complete, completionSite } from '../../language-server/completion.js';
import { TEMPLATE_OBJECTS } from '../../runtime/template-objects.js';

const FILES = {
  'pages/index.hbs': '',
  'locales/en.default.json': JSON.stringify({
    cart: { title: 'Your cart', items: { one: '{count} item', other: '{count} items' } },
    greeting: 'Hello, {name}',
  }),
  'locales/fr.json': JSON.stringify({ cart: { title: 'Votre panier' }, only_fr: 'Seulement en français' }),
};

describe('language server completion of translation keys', () => {
  it('sees a key being typed in {{t "…"}} and (t "…"), not in other strings', () => {
    const at = (text: string) => completionSite(text, text.length);
    expect(at('<h1>{{t "ca')).to.deep.equal({ kind: 'translation', typed: 'ca' });
    expect(at('{{~t "')).to.deep.equal({ kind: 'translation', typed: '' });
    expect(at('{{#if (t "cart.')).to.deep.equal({ kind: 'translation', typed: 'cart.' });
    expect(at('{{set title="ca')).to.equal(null);
    expect(at('{{at "ca')).to.equal(null);
  });

  it("offers the default locale's keys with their text as detail (a plural by its other form)", () => {
    const text = '<h1>{{t "';
    const items = complete(FILES, 'pages/index.hbs', text, text.length, TEMPLATE_OBJECTS);
    expect(items.map((i) => `${i.label} = ${i.detail}`)).to.deep.equal([
      'cart.title = Your cart',
      'cart.items = {count} items',
      'greeting = Hello, {name}',
    ]);
    expect(items[1].documentation).to.equal(
      'locales/en.default.json (plural, by count=): one: {count} item; other: {count} items',
    );
  });

  it('offers nothing without a default locale', () => {
    const text = '{{t "';
    const files = { 'pages/index.hbs': '', 'locales/fr.json': '{"a": "b"}' };
    expect(complete(files, 'pages/index.hbs', text, text.length, TEMPLATE_OBJECTS)).to.deep.equal([]);
  });
});
