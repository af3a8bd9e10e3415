// The lint-everyday fixture theme has one file per everyday check (csp-compatibility, …,
// page-title, and the syntax-error explanations): each fires where its file says, and --fix
// repairs the six fixable ones on a copy.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadLintConfig } from '../../../../runtime/theme/lint/config.js';
import { fixTheme } from '../../../../runtime/theme/lint/fix.js';
import { lintTheme } from '../../../../runtime/theme/lint/run.js';
import { TEMPLATE_OBJECTS } from '../../../../runtime/template-objects.js';

const THEME = new URL('../../../fixtures/themes/lint-everyday', import.meta.url).pathname;

/** rule -> the file:line findings it must produce on the fixture (exactly). */
const EXPECTED: Record<string, string[]> = {
  'csp-compatibility': [
    'pages/csp-compatibility.hbs:4',
    'pages/csp-compatibility.hbs:5',
    'pages/csp-compatibility.hbs:6',
    'pages/csp-compatibility.hbs:7',
  ],
  'form-post-method': ['pages/form-post-method.hbs:4'],
  'hardcoded-asset-path': ['pages/hardcoded-asset-path.hbs:4'],
  'unknown-route-link': ['pages/unknown-route-link.hbs:4'],
  'unreachable-page': ['pages/_unreachable-page.hbs:1'],
  'page-name': ['pages/page-name_Draft.hbs:1'],
  'img-attributes': ['pages/img-attributes.hbs:4'],
  'parser-blocking-script': ['pages/parser-blocking-script.hbs:5'],
  'asset-size': ['assets/js/asset-size.js:1'],
  'unused-partial': ['partials/unused-partial.hbs:1'],
  'unused-asset': ['assets/images/unused-asset.svg:1'],
  'unescaped-output': ['pages/unescaped-output.hbs:4'],
  'label-for': ['pages/label-for.hbs:5'],
  'page-title': ['pages/page-title.hbs:1'],
  'syntax-error': ['pages/syntax-error.hbs:7'],
};
const only = Object.keys(EXPECTED);

describe('check-theme on the lint-everyday fixture theme', () => {
  const config = loadLintConfig(THEME);
  const { findings } = lintTheme(THEME, { objects: TEMPLATE_OBJECTS, config, only });

  for (const [rule, expected] of Object.entries(EXPECTED)) {
    it(`${rule} fires at ${[...new Set(expected)].join(', ')}`, () => {
      expect(findings.filter((f) => f.rule === rule).map((f) => `${f.file}:${f.line}`)).to.deep.equal(
        expected,
      );
    });
  }

  it('has a file named after each rule it covers, and no other finding', () => {
    for (const rule of only)
      expect(
        EXPECTED[rule].some((w) => w.includes(rule)),
        rule,
      ).to.equal(true);
    expect(findings.length).to.equal(Object.values(EXPECTED).flat().length);
  });

  describe('--fix on a copy', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'check-theme-everyday-'));
      cpSync(THEME, dir, { recursive: true });
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('repairs form-post-method, hardcoded-asset-path, img-attributes (size), parser-blocking-script, label-for and page-title', () => {
      const changes = fixTheme(dir, { objects: TEMPLATE_OBJECTS, config, only });
      expect(changes.map((c) => `${c.file}:${c.line} ${c.rule}: ${c.description}`)).to.deep.equal([
        'pages/form-post-method.hbs:4 form-post-method: added method="post" on the form to /_post/cart/add',
        'pages/hardcoded-asset-path.hbs:4 hardcoded-asset-path: replaced /assets/images/logo.png with {{asset "images/logo.png"}}',
        'pages/img-attributes.hbs:4 img-attributes: added width="48" height="32" (the size of assets/images/logo.png)',
        'pages/label-for.hbs:5 label-for: added id="email" to the <input> of <label for="email">',
        'pages/page-title.hbs:1 page-title: added {{set title="Page title"}}',
        'pages/parser-blocking-script.hbs:5 parser-blocking-script: added defer to the <script> in <head>',
      ]);
      const read = (file: string) => readFileSync(join(dir, file), 'utf8');
      expect(read('pages/form-post-method.hbs')).to.include('<form method="post" action="/_post/cart/add">');
      expect(read('pages/hardcoded-asset-path.hbs')).to.include(
        '<img src="{{asset "images/logo.png"}}" alt="Logo"',
      );
      expect(read('pages/img-attributes.hbs')).to.include(
        '<img src="{{asset "images/logo.png"}}" width="48" height="32">',
      );
      expect(read('pages/label-for.hbs')).to.include('<input id="email" name="email" type="email">');
      expect(read('pages/page-title.hbs')).to.match(
        /^\{\{#extends "layouts\/base"\}\}\n\{\{set title="Page title"\}\}\n\{\{#block/,
      );
      expect(read('pages/parser-blocking-script.hbs')).to.include(
        '<script src="{{asset "js/app.js"}}" defer></script>',
      );

      // What is left: the findings no fix can make, and img-attributes asking for alt only.
      const left = lintTheme(dir, { objects: TEMPLATE_OBJECTS, config, only }).findings;
      expect(left.every((f) => !f.fixable)).to.equal(true);
      const img = left.find((f) => f.rule === 'img-attributes')!;
      expect(img.message).to.match(/^<img> has no alt: /);
      expect(left.length).to.equal(Object.values(EXPECTED).flat().length - 5);
      expect(fixTheme(dir, { objects: TEMPLATE_OBJECTS, config, only })).to.deep.equal([]);
    });
  });
});
