import { expect } from 'chai';
import { lintFiles, spans } from '../helpers.js';

const EN =
  '{\n  "cart": {\n    "title": "Cart",\n    "items": { "one": "{count} item", "other": "{count} items" }\n  },\n  "old": "Old"\n}\n';

describe('check-theme rule translation-key-unused', () => {
  it('warns at each default-locale key no literal {{t}} uses', () => {
    const findings = lintFiles('translation-key-unused', {
      'pages/index.hbs': '{{t "cart.title"}}',
      'partials/x.hbs': '{{t "nothing.here"}}',
      'locales/en.default.json': EN,
    });
    expect(findings.map((f) => `${f.file}:${spans([f])[0]} ${f.severity}`)).to.deep.equal([
      'locales/en.default.json:4:5-4:12 warning',
      'locales/en.default.json:6:3-6:8 warning',
    ]);
    expect(findings[1].message).to.equal(
      'translation "old" is not used by any template ({{t "old"}}): delete it from the locale files, or use it',
    );
  });

  it('says nothing when a {{t}} names its key with a variable (any key may be used)', () => {
    const files = { 'pages/index.hbs': '{{t "cart.title"}} {{t key}}', 'locales/en.default.json': EN };
    expect(lintFiles('translation-key-unused', files)).to.deep.equal([]);
  });
});
