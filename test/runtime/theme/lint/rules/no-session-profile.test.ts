import { expect } from 'chai';
import { lintFiles, lintPage, where } from '../helpers.js';

describe('check-theme rule no-session-profile', () => {
  it('reports session.profile in templates and scripts', () => {
    expect(where(lintPage('no-session-profile', '<p>{{session.profile.display_name}}</p>'))).to.deep.equal([
      'pages/index.hbs:1',
    ]);
    expect(
      where(lintFiles('no-session-profile', { 'assets/js/a.js': '\nwindow.session.profile = data;\n' })),
    ).to.deep.equal(['assets/js/a.js:2']);
  });

  it('accepts auth.user', () => {
    expect(
      lintPage('no-session-profile', '<p>{{auth.user.display_name}}</p> sessionStorage.profile'),
    ).to.deep.equal([]);
  });
});
