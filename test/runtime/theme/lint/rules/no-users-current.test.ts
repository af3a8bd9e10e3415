import { expect } from 'chai';
import { lintFiles, lintPage, where } from '../helpers.js';

describe('check-theme rule no-users-current', () => {
  it('reports users.current in templates and theme scripts', () => {
    expect(
      where(lintPage('no-users-current', '<p>{{users.current.name}}</p>\n<script>users.current()</script>')),
    ).to.deep.equal(['pages/index.hbs:1', 'pages/index.hbs:2']);
    expect(
      where(lintFiles('no-users-current', { 'assets/js/a.js': 'const u = users.current();\n' })),
    ).to.deep.equal(['assets/js/a.js:1']);
  });

  it('accepts auth.user', () => {
    expect(
      lintPage('no-users-current', '{{#if auth.check}}{{auth.user.email}}{{/if}} <p>current users</p>'),
    ).to.deep.equal([]);
  });
});
