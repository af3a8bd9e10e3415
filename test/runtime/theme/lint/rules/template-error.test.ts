import { expect } from 'chai';
import rule from '../../../../../runtime/theme/lint/rules/template-error.js';
import { TemplateError } from '../../../../../runtime/theme/errors.js';
import type { ThemeContext } from '../../../../../runtime/theme/lint/types.js';
import { lintPage } from '../helpers.js';

function run(errors: TemplateError[]): string[] {
  const out: string[] = [];
  rule.checkTheme!({
    dir: '.',
    theme: null as never,
    themeErrors: errors,
    report: (file, line, column, message) => out.push(`${file}:${line}:${column} ${message}`),
    files: {
      dir: '.',
      paths: [],
      readPartial: () => null,
      read: () => null,
      bytes: () => null,
      ast: () => null,
      html: () => null,
    },
    options: undefined,
    reportIn: () => undefined,
  } satisfies ThemeContext);
  return out;
}

describe('check-theme rule template-error', () => {
  it('reports engine errors no other rule claims', () => {
    expect(run([new TemplateError('boom', 'render_error', 'pages/a.hbs', 4, 2)])).to.deep.equal([
      'pages/a.hbs:4:3 boom (render_error)',
    ]);
  });

  it('leaves claimed codes to their rules, and a valid theme has none', () => {
    expect(
      run([
        new TemplateError('x', 'missing_partial', 'pages/a.hbs', 1, 0),
        new TemplateError('y', 'auth_called', 'pages/a.hbs', 1, 0),
      ]),
    ).to.deep.equal([]);
    expect(lintPage('template-error', '<p>{{auth.user.email}}</p>')).to.deep.equal([]);
  });
});
