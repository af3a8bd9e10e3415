import { expect } from 'chai';
import { parseConfig } from '../../../../../runtime/theme/lint/config.js';
import { lintFiles, lintPage, spans } from '../helpers.js';

describe('check-theme rule unescaped-output', () => {
  const page =
    '<div>{{{product.description}}}</div>\n<p>{{& note}} {{~{shout "x"}~}}</p>\n<p>{{product.name}}</p>';

  it('reports {{{…}}} and {{& …}}, at the mustache', () => {
    const findings = lintPage('unescaped-output', page);
    expect(spans(findings)).to.deep.equal(['1:6-1:31', '2:4-2:14', '2:15-2:32']);
    expect(findings[0].message).to.equal(
      '{{{product.description}}} writes product.description as raw HTML: a value holding <script> would run on the page; write {{product.description}}, or add "product.description" to the unescaped-output allow-list when it is trusted HTML',
    );
    expect(findings[2].message).to.match(/^\{\{\{shout\}\}\}/);
  });

  it('skips what the allow-list names (exact paths, * within a segment)', () => {
    const config = parseConfig(
      { rules: { 'unescaped-output': ['warning', { allow: ['*.description', 'shout'] }] } },
      'c.json',
    );
    expect(spans(lintFiles('unescaped-output', { 'pages/index.hbs': page }, config))).to.deep.equal([
      '2:4-2:14',
    ]);
    expect(() =>
      parseConfig({ rules: { 'unescaped-output': ['warning', { allow: 'x' }] } }, 'c.json'),
    ).to.throw('must be { "allow": ["product.description_html", …] }');
  });
});
