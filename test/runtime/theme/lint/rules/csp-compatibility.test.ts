import { expect } from 'chai';
import { CSP_ASSUMED } from '../../../../../runtime/theme/lint/rules/csp-compatibility.js';
import { CONTENT_SECURITY_POLICY } from '../../../../../runtime/http/security-headers.js';
import { lintFiles, lintPage, spans } from '../helpers.js';

describe('check-theme rule csp-compatibility', () => {
  it('assumes the policy the runtime sends', () => {
    const directives = CONTENT_SECURITY_POLICY.split(/;\s*/);
    for (const d of CSP_ASSUMED) expect(directives, d).to.include(d);
  });

  it('reports inline code, style attributes and remote hosts, at the tag or attribute', () => {
    const src = [
      '<script>alert(1)</script>',
      '<button onclick="go()">Go</button>',
      '<p style="color:red">x</p>',
      '<script src="https://cdn.example.com/x.js"></script>',
      '<link rel="stylesheet" href="//fonts.example.com/css">',
      '<img src="https://img.example.com/a.png" alt="" width="1" height="1">',
      '<link rel="preload" as="font" href="https://f.example/x.woff2" crossorigin>',
      '<a href="javascript:void(0)">x</a>',
      '<style>p{}</style>',
      '<form action="https://pay.example/x" method="post"></form>',
    ].join('\n');
    const findings = lintPage('csp-compatibility', src);
    expect(spans(findings)).to.deep.equal([
      '1:1-1:9',
      '2:9-2:23',
      '3:4-3:21',
      '4:9-4:43',
      '5:24-5:54',
      '6:6-6:41',
      '7:31-7:63',
      '8:4-8:29',
      '9:1-9:8',
      '10:7-10:37',
    ]);
    expect(findings[0].message).to.match(/^inline <script> never runs, blocked by .*script-src 'self'/);
    expect(findings[3].message).to.include('cdn.example.com');
    expect(findings[6].message).to.include("font-src 'self'");
    expect(findings.every((f) => !f.fixable && f.severity === 'error')).to.equal(true);
  });

  it('reports remote @import and url() in stylesheets, not in comments', () => {
    const findings = lintFiles('csp-compatibility', {
      'pages/index.hbs': '<p>x</p>',
      'assets/css/a.css':
        '/* url(https://x.example/c.png) */\n@import url("https://fonts.example.com/css2?family=Inter");\nbody { background: url(../img/a.png) }\n',
    });
    expect(findings.map((f) => `${f.file} ${spans([f])[0]}`)).to.deep.equal(['assets/css/a.css 2:14-2:57']);
    expect(findings[0].message).to.include('fonts.example.com');
  });

  it('accepts what the policy allows', () => {
    const src = [
      '<script type="application/ld+json">{"@type": "Product"}</script>',
      '<script type="application/ld+json">{"name": {{json product.name}}, "url": {{json @root.request.origin product.url}}}</script>',
      '<script src="{{asset "js/a.js"}}" defer></script><script> </script>',
      '<img src="{{asset "logo.svg"}}" alt="" width="1" height="1"><img src="data:image/png;base64,xx" alt="">',
      '<a href="https://example.com/help">help</a><a href="/products">p</a>',
      '<p style="">y</p><img src="{{product.image_url}}" alt="">',
      '<form method="post" action="/_post/cart/add"></form>',
    ].join('\n');
    expect(lintPage('csp-compatibility', src)).to.deep.equal([]);
  });
});
