// The static table of engine error codes (runtime/theme/lint/error-codes.ts): every code the engine
// raises is listed, each is reported by exactly the rule the table names, unlisted codes still reach
// template-error, and the dev overlay takes its titles from the same table.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { TemplateError } from '../../../../runtime/theme/errors.js';
import {
  codesOf,
  ruleForCode,
  TEMPLATE_ERROR_CODES,
  type TemplateErrorCode,
} from '../../../../runtime/theme/lint/error-codes.js';
import { RULES } from '../../../../runtime/theme/lint/rules/index.js';
import { REQUIRED_PAGES } from '../../../../runtime/theme/page-routes.js';
import { describeError } from '../../../../devserver/overlay.js';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const CODES = Object.keys(TEMPLATE_ERROR_CODES) as TemplateErrorCode[];

/** The literal codes of every `new TemplateError(message, 'code', …)` in the engine and the dev server. */
function raisedCodes(): Set<string> {
  const codes = new Set<string>();
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) {
        if (name !== 'lint' && name !== 'client' && name !== 'fixtures') visit(file);
      } else if (name.endsWith('.ts')) {
        const source = readFileSync(file, 'utf8');
        for (const m of source.matchAll(/new TemplateError\(/g)) {
          const code = /,\s*'([a-z]+(?:_[a-z]+)+)'\s*[,)]/.exec(source.slice(m.index, m.index + 400));
          if (code) codes.add(code[1]);
        }
      }
    }
  };
  visit(join(ROOT, 'runtime'));
  visit(join(ROOT, 'devserver'));
  return codes;
}

/** Which rules report an engine error with this code. */
function reportersOf(code: string): string[] {
  const error = new TemplateError('boom', code, 'pages/a.hbs', 1, 0);
  return RULES.filter((rule) => {
    let reported = false;
    rule.checkTheme?.({
      dir: '.',
      theme: { pageNames: () => REQUIRED_PAGES } as never, // no page missing
      themeErrors: [error],
      report: () => (reported = true),
      files: {
        dir: '.',
        paths: [],
        readPartial: () => null,
        read: () => null,
        bytes: () => null,
        ast: () => null,
        html: () => null,
      },
      options: rule.parseOptions?.(undefined),
      reportIn: () => (reported = true),
    });
    return reported;
  }).map((r) => r.id);
}

describe('check-theme engine error codes', () => {
  it('lists every code the engine raises (not_a_theme is a usage error, not a finding)', () => {
    // theme.ts builds missing_page/partial/layout from the kind of template it misses.
    const raised = new Set([...raisedCodes(), 'missing_page', 'missing_partial', 'missing_layout']);
    raised.delete('not_a_theme');
    expect([...raised].sort()).to.deep.equal([...CODES].sort());
  });

  it('names only rules that exist', () => {
    const ids = new Set(RULES.map((r) => r.id));
    for (const code of CODES) expect(ids.has(TEMPLATE_ERROR_CODES[code].rule), code).to.equal(true);
  });

  it('each code is reported by exactly the rule the table names; unknown codes by template-error', () => {
    for (const code of CODES)
      expect(reportersOf(code), code).to.deep.equal([TEMPLATE_ERROR_CODES[code].rule]);
    expect(reportersOf('brand_new_code')).to.deep.equal(['template-error']);
    expect(ruleForCode('brand_new_code')).to.equal('template-error');
    expect(ruleForCode('toString')).to.equal('template-error');
    expect(codesOf('missing-partial')).to.deep.equal(['missing_partial', 'dynamic_partial']);
  });

  it('gives the dev overlay its titles', () => {
    for (const code of CODES)
      expect(describeError(new TemplateError('x', code), '.').title).to.equal(
        TEMPLATE_ERROR_CODES[code].title,
      );
    expect(describeError(new TemplateError('x', 'brand_new_code'), '.').title).to.equal(
      'Theme error (brand_new_code)',
    );
  });
});
