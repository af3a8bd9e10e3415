import { expect } from 'chai';
import { lintFiles, lintPage, where } from '../helpers.js';

describe('check-theme rule logout-get', () => {
  it('reports links and GET forms to /logout or /_post/auth/logout, and GET requests in script', () => {
    const src = [
      '<a href="/logout">Log out</a>',
      '<a class="x" href="/_post/auth/logout?x=1">Log out</a>',
      '<form action="/_post/auth/logout"><button>Log out</button></form>',
      '<form method="GET" action="/logout"><button>Log out</button></form>',
    ].join('\n');
    expect(where(lintPage('logout-get', src))).to.deep.equal([
      'pages/index.hbs:1',
      'pages/index.hbs:2',
      'pages/index.hbs:3',
      'pages/index.hbs:4',
    ]);
    expect(
      where(
        lintFiles('logout-get', {
          'assets/js/a.js': "fetch('/_post/auth/logout');\nlocation.href = '/logout';\n",
        }),
      ),
    ).to.deep.equal(['assets/js/a.js:1', 'assets/js/a.js:2']);
  });

  it('accepts a POST form and a POST fetch', () => {
    const src =
      '<form method="post" action="/_post/auth/logout"><input type="hidden" name="_token" value="{{csrf_token}}"><button>Log out</button></form>\n<a href="/login">Sign in</a>';
    expect(lintPage('logout-get', src)).to.deep.equal([]);
    expect(
      lintFiles('logout-get', {
        'assets/js/a.js':
          "fetch('/_post/auth/logout', { method: 'POST', headers: { 'X-CSRF-Token': t } });\n",
      }),
    ).to.deep.equal([]);
  });
});
