import { expect } from 'chai';
import { lintPage, spans } from '../helpers.js';

describe('check-theme rule form-post-method', () => {
  it('reports /_post/ forms sent as GET: the form tag without a method, the attribute with another', () => {
    const src =
      '<form action="/_post/cart/add">\n<form method="get" action="/_post/auth/login">\n<form action="/_post/x" method=GET>';
    const findings = lintPage('form-post-method', src);
    expect(spans(findings)).to.deep.equal(['1:1-1:32', '2:7-2:19', '3:25-3:35']);
    expect(findings[0].message).to.equal(
      'form to /_post/cart/add is sent as a GET (no method), but /_post/ endpoints answer POST only: use method="post"',
    );
    expect(findings.every((f) => f.fixable)).to.equal(true);
    expect(findings[0].fix!.edits).to.deep.equal([{ start: 5, end: 5, text: ' method="post"' }]);
    expect(findings[1].fix!.edits[0].text).to.equal('method="post"');
    expect(findings[2].fix!.description).to.equal(
      'replaced method="GET" with method="post" on the form to /_post/x',
    );
  });

  it('accepts POST forms, other actions and a dynamic method', () => {
    const src =
      '<form method="post" action="/_post/cart/add"></form><form method="POST" action="/_post/a"></form>\n<form action="/tracking"></form><form method="{{m}}" action="/_post/b"></form>';
    expect(lintPage('form-post-method', src)).to.deep.equal([]);
  });
});
