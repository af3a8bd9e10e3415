import { expect } from 'chai';
import { lintFiles, spans } from '../helpers.js';

describe('check-theme rule unused-asset', () => {
  it('reports assets nothing refers to, on the file (1:1)', () => {
    const findings = lintFiles('unused-asset', {
      'layouts/base.hbs':
        '<link rel="stylesheet" href="{{asset "css/theme.css"}}"><script src="{{asset "js/app.js"}}" defer></script>',
      'pages/index.hbs':
        '{{#extends "layouts/base"}}{{#block "content"}}{{> icon path="icons/cart.svg"}}{{/block}}{{/extends}}',
      'partials/icon.hbs': '<img src="{{asset path}}" alt="">',
      'assets/css/theme.css': '@import "parts/grid.css";\nbody { background: url("../images/bg.png?v=2") }',
      'assets/css/parts/grid.css': '.grid{}',
      'assets/js/app.js':
        "import { a } from './lib/a.js';\nconst worker = new URL('./worker.js', import.meta.url);\n",
      'assets/js/lib/a.js': 'export const a = 1;',
      'assets/js/worker.js': '',
      'assets/images/bg.png': 'x',
      'assets/icons/cart.svg': '<svg/>',
      'assets/images/old-hero.jpg': 'x',
      'assets/js/unused.js': '',
      'assets/fonts/LICENSE.txt': 'MIT',
    });
    expect(findings.map((f) => `${f.file}:${spans([f])[0]}`)).to.deep.equal([
      'assets/images/old-hero.jpg:1:1-1:1',
      'assets/js/unused.js:1:1-1:1',
    ]);
    expect(findings[0].message).to.match(
      /^assets\/images\/old-hero\.jpg is not used: no \{\{asset "images\/old-hero\.jpg"\}\}/,
    );
  });

  it('counts hand-written /assets/ URLs (hardcoded-asset-path reports those)', () => {
    const files = {
      'pages/index.hbs': '<img src="/assets/images/a.png" alt="">',
      'assets/images/a.png': 'x',
    };
    expect(lintFiles('unused-asset', files)).to.deep.equal([]);
  });
});
