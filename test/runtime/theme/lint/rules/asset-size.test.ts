import { expect } from 'chai';
import { parseConfig } from '../../../../../runtime/theme/lint/config.js';
import { formatSize, parseSize } from '../../../../../runtime/theme/lint/rules/asset-size.js';
import { lintFiles, spans } from '../helpers.js';

const KB = 1024;

describe('check-theme rule asset-size', () => {
  const files = {
    'pages/index.hbs': '<p>x</p>',
    'assets/images/hero.jpg': new Uint8Array(600 * KB),
    'assets/images/logo.svg': new Uint8Array(2 * KB),
    'assets/js/app.js': 'x'.repeat(151 * KB),
    'assets/css/theme.css': 'x'.repeat(99 * KB),
    'assets/fonts/a.woff2': new Uint8Array(201 * KB),
    'assets/data/big.json': new Uint8Array(900 * KB),
  };

  it('reports assets over the default budgets with their size and the budget, on the file (1:1)', () => {
    const findings = lintFiles('asset-size', files);
    expect(findings.map((f) => `${f.file}:${spans([f])[0]}`)).to.deep.equal([
      'assets/fonts/a.woff2:1:1-1:1',
      'assets/images/hero.jpg:1:1-1:1',
      'assets/js/app.js:1:1-1:1',
    ]);
    expect(findings[1].message).to.equal(
      'assets/images/hero.jpg is 600 KB, over the 500 KB budget for images: resize it to the largest size it is shown at and compress it (WebP or AVIF), or raise the budget ("asset-size" in .storefront-theme.json)',
    );
    expect(findings[1].severity).to.equal('warning');
  });

  it('takes budgets from the config, null turning one off', () => {
    const config = parseConfig(
      { rules: { 'asset-size': ['error', { image: '1 MB', script: null, style: '50kb' }] } },
      'c.json',
    );
    const findings = lintFiles('asset-size', files, config);
    expect(findings.map((f) => `${f.file} ${f.severity}`)).to.deep.equal([
      'assets/css/theme.css error',
      'assets/fonts/a.woff2 error',
    ]);
    expect(findings[0].message).to.include('is 99 KB, over the 50 KB budget for stylesheets');
  });

  it('rejects bad options with the rule and the key', () => {
    expect(() => parseConfig({ rules: { 'asset-size': ['warning', { image: 'big' }] } }, 'c.json')).to.throw(
      'c.json: options of rule "asset-size": "image" must be a size like "500 KB"',
    );
    expect(() => parseConfig({ rules: { 'asset-size': ['warning', { video: '1 MB' }] } }, 'c.json')).to.throw(
      'unknown budget "video"',
    );
    expect(() => parseConfig({ rules: { 'form-post-method': ['error', {}] } }, 'c.json')).to.throw(
      'rule "form-post-method" takes no options',
    );
  });

  it('parses and prints sizes', () => {
    expect(parseSize('1.5 MB', 'x')).to.equal(1.5 * KB * KB);
    expect(parseSize(2048, 'x')).to.equal(2048);
    expect(parseSize(null, 'x')).to.equal(null);
    expect([
      formatSize(812),
      formatSize(9.6 * KB),
      formatSize(612 * KB),
      formatSize(1.4 * KB * KB),
    ]).to.deep.equal(['812 bytes', '9.6 KB', '612 KB', '1.4 MB']);
  });
});
