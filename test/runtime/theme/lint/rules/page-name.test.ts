import { expect } from 'chai';
import { lintFiles, spans } from '../helpers.js';

describe('check-theme rule page-name', () => {
  it('reports, as an error, a page named outside a-z 0-9 -, with a routable name', () => {
    const findings = lintFiles('page-name', {
      'pages/index.hbs': '',
      'pages/About_Us.hbs': '<p>about</p>',
      'pages/Legal/Terms.hbs': '<p>terms</p>',
      'pages/help/shipping-2024.hbs': '',
      'pages/_draft.hbs': '', // unrouted on purpose: unreachable-page's warning, not this error
    });
    expect(findings.map((f) => `${f.file}:${spans([f])[0]}:${f.severity}`)).to.deep.equal([
      'pages/About_Us.hbs:1:1-1:1:error',
      'pages/Legal/Terms.hbs:1:1-1:1:error',
    ]);
    expect(findings[0].message).to.include('rename it to pages/about-us.hbs');
    expect(findings[1].message).to.include('rename it to pages/legal/terms.hbs');
  });
});
