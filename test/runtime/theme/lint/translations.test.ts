// The translations fixture theme: the three translation-key-* rules fire exactly where its files say,
// and the {{t}} calls are found in pages, partials and subexpressions.
import { expect } from 'chai';
import { lintTheme } from '../../../../runtime/theme/lint/run.js';
import { translationUses } from '../../../../runtime/theme/lint/translations.js';
import { parseTemplate } from '../../../../runtime/theme/parse.js';
import { Theme } from '../../../../runtime/theme/theme.js';
import { TEMPLATE_OBJECTS } from '../../../../runtime/template-objects.js';

const THEME = new URL('../../../fixtures/themes/translations', import.meta.url).pathname;
const RULES = ['translation-key-missing', 'translation-key-missing-in-locale', 'translation-key-unused'];

describe('check-theme translation rules on the translations fixture theme', () => {
  const { findings } = lintTheme(THEME, { objects: TEMPLATE_OBJECTS, only: RULES });
  const of = (rule: string) =>
    findings.filter((f) => f.rule === rule).map((f) => `${f.file}:${f.line} ${f.message}`);

  it('loads without theme errors', () => {
    expect(Theme.load(THEME, TEMPLATE_OBJECTS).errors()).to.deep.equal([]);
  });

  it('translation-key-missing: the misspelt key, with the nearest one', () => {
    expect(of('translation-key-missing')).to.deep.equal([
      'pages/index.hbs:6 translation "home.titel" is not in locales/en.default.json: did you mean "home.title"?',
    ]);
  });

  it('translation-key-missing-in-locale: the keys fr lacks, once (fr-CA inherits from fr)', () => {
    expect(of('translation-key-missing-in-locale')).to.deep.equal([
      'locales/fr.json:1 "errors.not_found" of locales/en.default.json is not translated in locales/fr.json: its sites show the en text',
    ]);
  });

  it('translation-key-unused: the key no template uses, at its line', () => {
    expect(of('translation-key-unused')).to.deep.equal([
      'locales/en.default.json:13 translation "old_banner" is not used by any template ({{t "old_banner"}}): delete it from the locale files, or use it',
    ]);
  });

  it('finds literal keys in mustaches and subexpressions, and notes a non-literal key', () => {
    const ast = parseTemplate('{{t "a"}}\n{{#if (t "b")}}{{/if}}{{t key}}{{other "c"}}', 'pages/x.hbs');
    expect(translationUses(ast, 'pages/x.hbs')).to.deep.equal({
      uses: [
        { key: 'a', file: 'pages/x.hbs', line: 1, column: 4 },
        { key: 'b', file: 'pages/x.hbs', line: 2, column: 9 },
      ],
      dynamic: true,
    });
  });
});
