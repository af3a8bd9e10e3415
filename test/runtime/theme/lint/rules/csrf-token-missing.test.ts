import { expect } from 'chai';
import { lintFiles, lintPage, where } from '../helpers.js';

describe('check-theme rule csrf-token-missing', () => {
  it('reports a /_post form without _token, with a fix', () => {
    const findings = lintPage(
      'csrf-token-missing',
      '<p>x</p>\n<form method="post" action="/_post/cart/add">\n  <input name="variant_id">\n</form>',
    );
    expect(where(findings)).to.deep.equal(['pages/index.hbs:2']);
    expect(findings[0].fixable).to.equal(true);
    expect(findings[0].fix!.edits[0].text).to.equal(
      '\n  <input type="hidden" name="_token" value="{{@root.csrf_token}}">',
    );
  });

  it('accepts a _token field, directly or from a partial, and forms to other actions', () => {
    expect(
      lintPage(
        'csrf-token-missing',
        '<form method="post" action="/_post/cart/add"><input type="hidden" name="_token" value="{{csrf_token}}"></form>',
      ),
    ).to.deep.equal([]);
    const files = {
      'pages/index.hbs':
        '<form method="post" action="/_post/auth/login">{{> csrf}}<input name="email"></form>\n<form action="/tracking"><input name="number"></form>',
      'partials/csrf.hbs': '<input type="hidden" name="_token" value="{{csrf_token}}">',
    };
    expect(lintFiles('csrf-token-missing', files)).to.deep.equal([]);
  });
});
