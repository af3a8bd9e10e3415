import { expect } from 'chai';
import { lintFiles, lintPage, where } from '../helpers.js';

describe('check-theme rule no-get-profile-update', () => {
  it('reports links, GET forms and GET requests to /_post/profile/update', () => {
    expect(
      where(
        lintPage(
          'no-get-profile-update',
          '<a href="/_post/profile/update">me</a>\n<form action="/_post/profile/update" method="get"></form>',
        ),
      ),
    ).to.deep.equal(['pages/index.hbs:1', 'pages/index.hbs:2']);
    const js = "fetch('/_post/profile/update').then((r) => r.json());\n$.get('/_post/profile/update');\n";
    expect(where(lintFiles('no-get-profile-update', { 'assets/js/profile.js': js }))).to.deep.equal([
      'assets/js/profile.js:1',
      'assets/js/profile.js:2',
    ]);
  });

  it('accepts POST forms and POST fetches', () => {
    expect(
      lintPage('no-get-profile-update', '<form method="post" action="/_post/profile/update"></form>'),
    ).to.deep.equal([]);
    expect(
      lintFiles('no-get-profile-update', {
        'assets/js/p.js':
          "fetch('/_post/profile/update', { method: 'POST', body });\nconst init = { method: 'POST', body };\nfetch('/_post/profile/update', init);\n",
      }),
    ).to.deep.equal([]);
  });
});
