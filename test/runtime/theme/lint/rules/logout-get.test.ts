import { expect } from 'chai';
import { lintFiles, lintPage, spans, where } from '../helpers.js';

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

  // Scripts are parsed with acorn: the method comes from the code, not from nearby text.
  const script = (js: string) => lintFiles('logout-get', { 'assets/js/a.js': js });

  it('reads the method from an options object declared in the same script (no false GET)', () => {
    expect(script("const o={method:'POST'}; fetch('/_post/auth/logout', o)")).to.deep.equal([]);
    expect(
      script("const init = { method: 'POST', headers: { 'X-CSRF-Token': t } };\nfetch('/logout', init);\n"),
    ).to.deep.equal([]);
    expect(script("xhr.open('POST', '/_post/auth/logout');")).to.deep.equal([]);
    expect(script("$.ajax({ url: '/logout', method: 'POST' });")).to.deep.equal([]);
  });

  it('still reports fetch without options, with method GET (inline or by variable), and other GETs', () => {
    const js = [
      "fetch('/_post/auth/logout');",
      "fetch('/_post/auth/logout', { method: 'GET' });",
      "const o = { method: 'get' }; fetch('/logout', o);",
      "fetch('/logout', { credentials: 'same-origin' });",
      "xhr.open('GET', '/logout');",
      "$.ajax({ url: '/logout', type: 'GET' });",
      "window.location = '/logout';",
      "location.assign('/_post/auth/logout');",
      "new Request('/logout');",
    ].join('\n');
    expect(where(script(js))).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `assets/js/a.js:${n}`));
    expect(spans(script("fetch('/_post/auth/logout');"))).to.deep.equal(['1:7-1:27']);
  });

  it('reports nothing when the method is not known statically, or the script does not parse', () => {
    expect(script("function out(init) { return fetch('/logout', init); }")).to.deep.equal([]);
    expect(script("const o = {}; o.method = 'POST'; fetch('/logout', o);")).to.deep.equal([]);
    expect(script("fetch('/logout', { method: m });")).to.deep.equal([]);
    expect(script("fetch('/logout'")).to.deep.equal([]);
  });

  it('parses inline scripts with their mustaches blanked, and skips non-JavaScript scripts', () => {
    const src = [
      '<script>',
      '  const count = {{cart.item_count}};',
      '  {{#if auth.check}}',
      "  fetch('/_post/auth/logout', { method: 'POST', headers: { 'X-CSRF-Token': '{{csrf_token}}' } });",
      '  {{else}}',
      "  fetch('/_post/auth/logout');",
      '  {{/if}}',
      '</script>',
      '<script type="application/ld+json">{"url": "/logout"}</script>',
      '<script type="text/template"><a href="/x">{{x}}</a> fetch("/logout")</script>',
      '<script src="/a.js">fetch("/logout")</script>',
    ].join('\n');
    const findings = lintPage('logout-get', src);
    expect(where(findings)).to.deep.equal(['pages/index.hbs:6']);
    expect(spans(findings)).to.deep.equal(['6:9-6:29']);
  });
});
