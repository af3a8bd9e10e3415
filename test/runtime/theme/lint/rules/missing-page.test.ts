import { expect } from 'chai';
import { REQUIRED_PAGES } from '../../../../../runtime/theme/page-routes.js';
import { lintFiles } from '../helpers.js';

const allPages = () => Object.fromEntries(REQUIRED_PAGES.map((p) => [`pages/${p}.hbs`, '<p>ok</p>']));

describe('check-theme rule missing-page', () => {
  it("reports each page the contract's routes need", () => {
    const files = allPages();
    delete files['pages/cart.hbs'];
    delete files['pages/404.hbs'];
    const findings = lintFiles('missing-page', files);
    expect(findings.map((f) => f.file)).to.deep.equal(['pages/404.hbs', 'pages/cart.hbs']);
    expect(findings[1].message).to.include('/cart');
  });

  it('accepts a theme with every page', () => {
    expect(lintFiles('missing-page', allPages())).to.deep.equal([]);
  });
});
