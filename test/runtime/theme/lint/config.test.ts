import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  LintConfigError,
  globToRegExp,
  loadLintConfig,
  parseConfig,
  starterConfig,
} from '../../../../runtime/theme/lint/config.js';
import { UserError } from '../../../../runtime/user-error.js';
import { lintFiles, where } from './helpers.js';

describe('check-theme config', () => {
  it('validates with clear messages', () => {
    expect(() => parseConfig([], 'c.json')).to.throw(LintConfigError, 'must be a JSON object');
    expect(() => parseConfig({ rule: {} }, 'c.json')).to.throw(LintConfigError, 'unknown key "rule"');
    expect(() => parseConfig({ rules: { 'csrf-token': 'off' } }, 'c.json')).to.throw(
      LintConfigError,
      'did you mean "csrf-token-missing"',
    );
    expect(() => parseConfig({ rules: { 'csrf-token-missing': 'fatal' } }, 'c.json')).to.throw(
      LintConfigError,
      'must be "off", "info", "warning" or "error"',
    );
    expect(() => parseConfig({ ignore: 'x' }, 'c.json')).to.throw(
      LintConfigError,
      '"ignore" must be an array',
    );
    expect(parseConfig(JSON.parse(starterConfig()), 'c.json').rules['csrf-token-missing']).to.equal('error');
  });

  it('is a user error (one line, no stack), named apart from the runtime config error', () => {
    const err = (() => {
      try {
        parseConfig([], 'c.json');
      } catch (e) {
        return e;
      }
    })();
    expect(err).to.be.instanceOf(UserError);
    expect((err as Error).name).to.equal('LintConfigError');
  });

  it('reads DIR/.storefront-theme.json and reports invalid JSON and missing --config files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'check-theme-config-'));
    try {
      expect(loadLintConfig(dir).file).to.equal(null);
      writeFileSync(join(dir, '.storefront-theme.json'), '{"rules": {"missing-page": "warning"}}');
      expect(loadLintConfig(dir).rules).to.deep.equal({ 'missing-page': 'warning' });
      writeFileSync(join(dir, '.storefront-theme.json'), '{ nope');
      expect(() => loadLintConfig(dir)).to.throw(LintConfigError, 'not valid JSON');
      expect(() => loadLintConfig(dir, join(dir, 'other.json'))).to.throw(LintConfigError, 'does not exist');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('changes severities, turns rules off and ignores paths', () => {
    const files = {
      'pages/index.hbs': '<a href="/logout">x</a>',
      'pages/legacy/old.hbs': '<a href="/logout">x</a>',
    };
    const findings = lintFiles('logout-get', files, {
      rules: { 'logout-get': 'warning' },
      ignore: ['pages/legacy/**'],
      file: null,
    });
    expect(where(findings)).to.deep.equal(['pages/index.hbs:1']);
    expect(findings[0].severity).to.equal('warning');
    expect(
      lintFiles('logout-get', files, { rules: { 'logout-get': 'off' }, ignore: [], file: null }),
    ).to.deep.equal([]);
  });

  it('matches globs like .gitignore', () => {
    expect(globToRegExp('pages/legacy/**').test('pages/legacy/a/b.hbs')).to.equal(true);
    expect(globToRegExp('*.js').test('assets/js/vendor.js')).to.equal(true);
    expect(globToRegExp('assets/js/vendor/').test('assets/js/vendor/x.js')).to.equal(true);
    expect(globToRegExp('pages/*.hbs').test('pages/a/b.hbs')).to.equal(false);
  });
});
