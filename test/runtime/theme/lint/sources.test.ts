// lintSources lints a theme held in memory; lintTheme reads a folder into that form and calls it,
// so both give the same findings.
import { expect } from 'chai';
import { lintSources, lintTheme } from '../../../../runtime/theme/lint/run.js';
import { readThemeFiles } from '../../../../runtime/theme/lint/theme-files.js';
import { TemplateError } from '../../../../runtime/theme/errors.js';
import { TEMPLATE_OBJECTS } from '../../../../runtime/template-objects.js';

const VIOLATIONS = new URL('../../../fixtures/themes/violations', import.meta.url).pathname;

describe('check-theme on sources in memory', () => {
  it('gives the same findings as lintTheme on the folder', () => {
    const files = readThemeFiles(VIOLATIONS);
    expect(Object.keys(files)).to.include.members(['pages/index.hbs', 'assets/js/cart.js']);
    expect(lintSources(files, { objects: TEMPLATE_OBJECTS })).to.deep.equal(
      lintTheme(VIOLATIONS, { objects: TEMPLATE_OBJECTS }),
    );
  });

  it('runs the engine on the sources: partials, layouts and assets resolve without a disk', () => {
    const files = {
      'layouts/base.hbs': '<html><body>{{#block "content"}}{{/block}}</body></html>',
      'pages/index.hbs':
        '{{#extends "layouts/base"}}{{#block "content"}}{{> card}}<img src="{{asset "logo.svg"}}" alt="">{{/block}}{{/extends}}',
      'partials/card.hbs': '<p>card</p>',
      'assets/logo.svg': new TextEncoder().encode('<svg/>'),
    };
    const only = ['missing-partial', 'missing-layout', 'missing-asset', 'syntax-error', 'template-error'];
    expect(lintSources(files, { objects: TEMPLATE_OBJECTS, only }).findings).to.deep.equal([]);
    const { 'partials/card.hbs': _card, ...withoutCard } = files;
    expect(
      lintSources(withoutCard, { objects: TEMPLATE_OBJECTS, only }).findings.map((f) => f.rule),
    ).to.deep.equal(['missing-partial']);
  });

  it('skips hidden files and counts the templates and theme scripts it checked', () => {
    const result = lintSources(
      {
        'pages/index.hbs': '<p>ok</p>',
        'pages/.draft.hbs': '<a href="/logout">x</a>',
        'assets/js/app.js': 'let a = 1;',
        'assets/css/site.css': 'p{}',
      },
      { objects: TEMPLATE_OBJECTS },
    );
    expect(result.files).to.equal(2);
    expect(result.findings.filter((f) => f.file.includes('.draft'))).to.deep.equal([]);
  });

  it('lintTheme refuses a folder without pages/', () => {
    expect(() =>
      lintTheme(new URL('../../../fixtures', import.meta.url).pathname, { objects: TEMPLATE_OBJECTS }),
    ).to.throw(TemplateError, 'is not a theme');
  });
});
