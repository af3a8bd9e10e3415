import { expect } from 'chai';
import { lintFiles, lintPage, spans } from '../helpers.js';

describe('check-theme rule label-for', () => {
  it('reports a label whose for names no id, at for=""; fixes a field without id next to it', () => {
    const src = [
      '<label for="email">Email</label>',
      '<input name="email" type="email">',
      '<label for="phone">Phone <input name="phone"></label>',
      '<label for="nmae">Name</label><input id="name">',
    ].join('\n');
    const findings = lintPage('label-for', src);
    expect(spans(findings)).to.deep.equal(['1:8-1:19', '3:8-3:19', '4:8-4:18']);
    expect(findings.map((f) => f.fixable)).to.deep.equal([true, true, false]);
    expect(findings[0].message).to.equal(
      '<label for="email"> points at no element: nothing here has id="email"; give its <input> id="email"',
    );
    expect(findings[0].fix!.edits).to.deep.equal([{ start: 39, end: 39, text: ' id="email"' }]);
    expect(findings[2].message).to.include('give the field id="nmae", or fix for=""');
  });

  it('finds ids in the template, its partials and layout, the templates including a partial, and id patterns', () => {
    const files = {
      'layouts/base.hbs': '<input id="search">{{#block "content"}}{{/block}}',
      'pages/index.hbs':
        '{{#extends "layouts/base"}}{{#block "content"}}<label for="search">S</label><label for="qty-{{id}}">Q</label><label for="qty-7">7</label>{{> field}}{{/block}}{{/extends}}',
      'partials/field.hbs':
        '<label for="note">Note</label><input id="qty-{{id}}"><label for="city">City</label>',
      'pages/other.hbs': '{{> field}}<input id="note"><input id="city">',
    };
    expect(lintFiles('label-for', files)).to.deep.equal([]);
  });
});
