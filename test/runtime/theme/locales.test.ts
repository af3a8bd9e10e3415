import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { parseLocaleFile, Translations } from '../../../runtime/theme/locales.js';
import { Theme } from '../../../runtime/theme/theme.js';
import { TEMPLATE_OBJECTS } from '../../../runtime/template-objects.js';

const errorsOf = (files: Record<string, string>) =>
  Theme.fromSources({ 'pages/index.hbs': 'x', ...files }, TEMPLATE_OBJECTS)
    .errors()
    .map((e) => `${e.code} ${e.where} ${e.message}`);

describe('theme locales', () => {
  it('flattens nested keys and keeps plural objects as one key, with the line of each key', () => {
    const source =
      '{\n  "cart": {\n    "title": "Cart",\n    "items": { "one": "{count} item", "other": "{count} items" }\n  }\n}\n';
    const { file, errors } = parseLocaleFile('locales/en.default.json', source);
    expect(errors).to.deep.equal([]);
    expect(file!.locale).to.equal('en');
    expect(file!.isDefault).to.equal(true);
    expect([...file!.messages.keys()]).to.deep.equal(['cart.title', 'cart.items']);
    expect(file!.positions.get('cart.title')).to.deep.equal({ line: 3, column: 4 });
    expect(file!.positions.get('cart.items')).to.deep.equal({ line: 4, column: 4 });
  });

  it('reports invalid JSON with the file and the line and column of the fault', () => {
    const errors = errorsOf({ 'locales/en.default.json': '{\n  "a": "x",\n  "b": "y",\n}\n' });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.match(
      /^bad_locale_file locales\/en\.default\.json:4:1 invalid JSON in locales\/en\.default\.json/,
    );
  });

  it('reports a value that is not a string or an object of strings, at its key', () => {
    const errors = errorsOf({
      'locales/en.default.json':
        '{\n  "cart": {\n    "count": 3,\n    "list": ["a"]\n  },\n  "ok": "fine"\n}',
    });
    expect(errors).to.deep.equal([
      'bad_locale_file locales/en.default.json:3:5 locales/en.default.json: "cart.count" must be a string or an object of strings, not number',
      'bad_locale_file locales/en.default.json:4:5 locales/en.default.json: "cart.list" must be a string or an object of strings, not an array',
    ]);
  });

  it('reports locale files without a default, or with several', () => {
    expect(errorsOf({ 'locales/en.json': '{}', 'locales/fr.json': '{}' })[0]).to.match(
      /^locale_default locales\/en\.json:1:1 no default locale: .*rename locales\/en\.json to locales\/en\.default\.json/,
    );
    expect(errorsOf({ 'locales/en.default.json': '{}', 'locales/fr.default.json': '{}' })[0]).to.match(
      /^locale_default locales\/fr\.default\.json:1:1 several default locales \(locales\/en\.default\.json, locales\/fr\.default\.json\)/,
    );
    expect(errorsOf({ 'locales/en.default.json': '{}', 'locales/fr.json': '{}' })).to.deep.equal([]);
  });

  it('reports a file name that is no locale, and two files for one locale', () => {
    expect(errorsOf({ 'locales/en.default.json': '{}', 'locales/english_uk.json': '{}' })[0]).to.match(
      /^bad_locale_file locales\/english_uk\.json:1:1 .*must be a BCP 47 locale/,
    );
    expect(
      errorsOf({
        'locales/en.default.json': '{}',
        'locales/pt-BR.json': '{}',
        'locales/pt-br.json': '{}',
      })[0],
    ).to.match(
      /^bad_locale_file locales\/pt-(BR|br)\.json:1:1 .*locale pt-BR is already given by locales\/pt-(br|BR)\.json: keep one file per locale/,
    );
  });

  it('builds the fallback chain from the most specific tag to the default', () => {
    const t = new Translations([
      { file: 'locales/en.default.json', source: '{}' },
      { file: 'locales/fr.json', source: '{}' },
      { file: 'locales/fr-CA.json', source: '{}' },
      { file: 'locales/zh-Hant.json', source: '{}' },
    ]);
    expect(t.chain('fr-CA').map((f) => f.locale)).to.deep.equal(['fr-CA', 'fr', 'en']);
    expect(t.chain('zh-Hant-TW').map((f) => f.locale)).to.deep.equal(['zh-Hant', 'en']);
    expect(t.chain('en-GB').map((f) => f.locale)).to.deep.equal(['en']);
  });

  it('loads locales/ from a theme folder and reloads a saved or deleted locale file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-locales-'));
    try {
      mkdirSync(join(dir, 'pages'));
      mkdirSync(join(dir, 'locales'));
      writeFileSync(join(dir, 'pages', 'index.hbs'), '{{t "hello"}}');
      writeFileSync(join(dir, 'locales', 'en.default.json'), '{"hello": "Hello"}');
      const theme = Theme.load(dir, TEMPLATE_OBJECTS);
      expect(theme.translations.lookup('hello', 'en')?.message).to.equal('Hello');
      writeFileSync(join(dir, 'locales', 'fr.json'), '{"hello": "Bonjour"}');
      expect(theme.reloadFile(join(dir, 'locales', 'fr.json'))).to.equal('locale');
      expect(theme.translations.lookup('hello', 'fr')?.message).to.equal('Bonjour');
      writeFileSync(join(dir, 'locales', 'fr.json'), '{"hello": ');
      theme.reloadFile(join(dir, 'locales', 'fr.json'));
      expect(theme.errors().map((e) => e.code)).to.deep.equal(['bad_locale_file']);
      rmSync(join(dir, 'locales', 'fr.json'));
      theme.reloadFile(join(dir, 'locales', 'fr.json'));
      expect(theme.errors()).to.deep.equal([]);
      expect(theme.translations.lookup('hello', 'fr')?.message).to.equal('Hello');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
