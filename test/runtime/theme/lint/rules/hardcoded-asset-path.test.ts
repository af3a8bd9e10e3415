import { expect } from 'chai';
import { lintFiles, spans } from '../helpers.js';

const assets = {
  'assets/css/theme.css': 'body{}',
  'assets/images/logo.svg': '<svg/>',
  'assets/images/a.png': 'x',
};

describe('check-theme rule hardcoded-asset-path', () => {
  it('reports hand-written /assets/ URLs, with {{asset}} as the fix when the file exists', () => {
    const page = [
      '<link rel="stylesheet" href="/assets/css/theme.css">',
      '<img src="/assets/images/logo.svg#mark" alt="" srcset="/assets/images/a.png 2x, /assets/nope.png 3x">',
      '<link rel="stylesheet" href="/assets/css/theme.0123456789.css"><img src="/assets/{{name}}.png" alt="">',
    ].join('\n');
    const findings = lintFiles('hardcoded-asset-path', { 'pages/index.hbs': page, ...assets });
    expect(spans(findings)).to.deep.equal([
      '1:30-1:51',
      '2:11-2:39',
      '2:56-2:76',
      '2:81-2:97',
      '3:30-3:62',
      '3:74-3:94',
    ]);
    expect(findings.map((f) => f.fixable)).to.deep.equal([true, true, true, false, true, false]);
    expect(findings[0].message).to.equal(
      '/assets/css/theme.css is written by hand: assets are served only at their hashed URLs, so this is a 404; write {{asset "css/theme.css"}}',
    );
    expect(findings[0].fix!.edits).to.deep.equal([{ start: 29, end: 50, text: '{{asset "css/theme.css"}}' }]);
    // The fragment stays: {{asset "images/logo.svg"}}#mark.
    expect(findings[1].fix!.edits[0].end - findings[1].fix!.edits[0].start).to.equal(
      '/assets/images/logo.svg'.length,
    );
    // An old hashed URL maps back to its file.
    expect(findings[4].fix!.edits[0].text).to.equal('{{asset "css/theme.css"}}');
  });

  it('accepts {{asset}} and other URLs', () => {
    const page =
      '<link rel="stylesheet" href="{{asset "css/theme.css"}}"><a href="/products">p</a><img src="https://x.example/assets/a.png" alt="">';
    expect(lintFiles('hardcoded-asset-path', { 'pages/index.hbs': page, ...assets })).to.deep.equal([]);
  });
});
