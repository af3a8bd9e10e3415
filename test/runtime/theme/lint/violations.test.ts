// The violations fixture theme has every violation check-theme knows: each rule fires at file:line.
import { expect } from 'chai';
import { lintTheme } from '../../../../runtime/theme/lint/run.js';
import { RULES } from '../../../../runtime/theme/lint/rules/index.js';
import { TEMPLATE_OBJECTS } from '../../../../runtime/template-objects.js';

const THEME = new URL('../../../fixtures/themes/violations', import.meta.url).pathname;

/** rule -> the file:line findings it must produce (exactly). */
const EXPECTED: Record<string, string[]> = {
  'auth-not-callable': ['pages/index.hbs:4', 'pages/index.hbs:6'],
  'no-users-current': ['pages/index.hbs:7'],
  'no-auth-actions': ['pages/index.hbs:9'],
  'logout-get': ['assets/js/cart.js:17', 'pages/checkout.hbs:3', 'pages/profile.hbs:8'],
  'csrf-token-missing': ['pages/login.hbs:3'],
  'client-side-price': ['assets/js/cart.js:8', 'pages/cart.hbs:6'],
  'external-link-rel': ['pages/index.hbs:10', 'pages/my-orders/show.hbs:4'],
  'no-get-profile-update': ['assets/js/cart.js:13', 'pages/profile.hbs:3'],
  'no-session-profile': ['pages/profile.hbs:7'],
  'private-orders-use-find': ['pages/my-orders/show.hbs:3'],
  'unsupported-feature-text': [
    'pages/index.hbs:11',
    'pages/index.hbs:12',
    'pages/index.hbs:12',
    'pages/index.hbs:13',
    'pages/index.hbs:13',
    'pages/index.hbs:14',
    'pages/index.hbs:15',
  ],
  'login-next-allowed': ['pages/login.hbs:8'],
  'missing-page': ['pages/tracking.hbs:1'],
  'syntax-error': ['pages/register.hbs:5'], // at the {{/block}} that meets the unclosed {{#if}}
  'unknown-helper': ['pages/products/index.hbs:3'],
  'missing-partial': ['pages/404.hbs:4'],
  'missing-layout': ['pages/my-orders/index.hbs:1'],
  'missing-asset': ['pages/my-orders/tracking.hbs:3'],
  'unresolvable-data-call': ['pages/products/show.hbs:3'],
  // Typed templates (the type checker): the violations above read fields and names that do not exist.
  'unknown-field': ['pages/index.hbs:9'],
  'undefined-variable': ['pages/products/show.hbs:3', 'pages/profile.hbs:7'],
  // Everyday checks that the violations above trip too (the others: lint-everyday, everyday.test.ts).
  'csp-compatibility': ['pages/index.hbs:5'],
  'form-post-method': ['pages/checkout.hbs:3', 'pages/profile.hbs:3'],
  'unknown-route-link': ['pages/index.hbs:12', 'pages/profile.hbs:8'],
  'img-attributes': ['pages/my-orders/tracking.hbs:3'],
};

/** Rules with a file of their own in the lint-everyday fixture (everyday.test.ts) instead. */
const EVERYDAY_ONLY = [
  'hardcoded-asset-path',
  'unreachable-page',
  'page-name',
  'parser-blocking-script',
  'asset-size',
  'unused-partial',
  'unused-asset',
  'unescaped-output',
  'label-for',
  'page-title',
];

/** Rules with a fixture theme of their own (typed, test/runtime/theme/types/fixture.test.ts). */
const TYPED_ONLY = ['helper-argument-type'];

/** Rules on locale files, with a fixture theme of their own (translations, translations.test.ts). */
const TRANSLATIONS_ONLY = [
  'translation-key-missing',
  'translation-key-missing-in-locale',
  'translation-key-unused',
];

describe('check-theme on the violations fixture theme', () => {
  const { findings, files } = lintTheme(THEME, { objects: TEMPLATE_OBJECTS });

  for (const [rule, expected] of Object.entries(EXPECTED)) {
    it(`${rule} fires at ${[...new Set(expected)].join(', ')}`, () => {
      expect(findings.filter((f) => f.rule === rule).map((f) => `${f.file}:${f.line}`)).to.deep.equal(
        expected,
      );
    });
  }

  it('covers every rule that can fire on a real theme, and nothing else', () => {
    // template-error: codes no other rule claims, unit-tested directly; the rest: lint-everyday.
    const engineOnly = new Set(['template-error', ...EVERYDAY_ONLY, ...TYPED_ONLY, ...TRANSLATIONS_ONLY]);
    expect(RULES.map((r) => r.id).filter((id) => !engineOnly.has(id))).to.have.members(Object.keys(EXPECTED));
    expect(findings.length).to.equal(Object.values(EXPECTED).flat().length);
    expect(files).to.equal(15);
  });

  it('honours the inline disable comment (line 17 of pages/index.hbs)', () => {
    expect(findings.some((f) => f.file === 'pages/index.hbs' && f.line === 17)).to.equal(false);
  });

  it('sorts findings by file and line, with 1-based columns and a message', () => {
    const keys = findings.map((f) => [f.file, f.line, f.column]);
    const sorted = [...keys].sort((a, b) =>
      a[0] < b[0]
        ? -1
        : a[0] > b[0]
          ? 1
          : (a[1] as number) - (b[1] as number) || (a[2] as number) - (b[2] as number),
    );
    expect(keys).to.deep.equal(sorted);
    expect(findings.every((f) => f.column >= 1 && f.message.length > 10)).to.equal(true);
  });
});
