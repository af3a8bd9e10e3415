// --fix on a temp copy of the fixable theme: afterwards the theme passes, and nothing else changed.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { fixTheme } from '../../../../runtime/theme/lint/fix.js';
import { lintTheme } from '../../../../runtime/theme/lint/run.js';
import { TEMPLATE_OBJECTS } from '../../../../runtime/template-objects.js';

const FIXABLE = new URL('../../../fixtures/themes/fixable', import.meta.url).pathname;

describe('check-theme --fix', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'check-theme-fix-'));
    cpSync(FIXABLE, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('the fixture has only fixable findings', () => {
    const { findings } = lintTheme(dir, { objects: TEMPLATE_OBJECTS });
    expect(findings.length).to.be.greaterThan(0);
    expect(findings.every((f) => f.fixable)).to.equal(true);
  });

  it('adds the missing rel values and _token fields, reports them, and the theme then passes', () => {
    const changes = fixTheme(dir, { objects: TEMPLATE_OBJECTS });
    expect(changes.map((c) => `${c.file}:${c.line} ${c.rule}`)).to.deep.equal([
      'layouts/base.hbs:11 csrf-token-missing',
      'layouts/base.hbs:15 external-link-rel',
      'pages/cart.hbs:4 csrf-token-missing',
      'pages/login.hbs:3 csrf-token-missing',
      'pages/my-orders/tracking.hbs:4 external-link-rel',
      'pages/products/show.hbs:5 csrf-token-missing',
    ]);
    expect(lintTheme(dir, { objects: TEMPLATE_OBJECTS }).findings).to.deep.equal([]);
    expect(readFileSync(join(dir, 'pages/login.hbs'), 'utf8')).to.include(
      '<form method="post" action="/_post/auth/login">\n  <input type="hidden" name="_token" value="{{@root.csrf_token}}">\n  <input type="email"',
    );
    expect(readFileSync(join(dir, 'pages/my-orders/tracking.hbs'), 'utf8')).to.include(
      'rel="nofollow noopener noreferrer"',
    );
    expect(fixTheme(dir, { objects: TEMPLATE_OBJECTS })).to.deep.equal([]);
  });

  it('leaves findings alone when their rule is off', () => {
    fixTheme(dir, {
      objects: TEMPLATE_OBJECTS,
      config: { rules: { 'csrf-token-missing': 'off' }, ignore: [], file: null },
    });
    expect(lintTheme(dir, { objects: TEMPLATE_OBJECTS }).findings.map((f) => f.rule)).to.deep.equal([
      'csrf-token-missing',
      'csrf-token-missing',
      'csrf-token-missing',
      'csrf-token-missing',
    ]);
  });
});
