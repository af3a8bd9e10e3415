// The JavaScript helpers of the script rules: mustache blanking keeps offsets and parses, and only
// scripts a browser runs as JavaScript are parsed.
import { expect } from 'chai';
import { parseHtml } from '../../../../runtime/theme/lint/html.js';
import { blankMustaches, isJavaScript, parseScript } from '../../../../runtime/theme/lint/script.js';

describe('check-theme script helpers', () => {
  // Expected texts: id(m) is a value mustache as an identifier, sp(m) a block or comment as spaces.
  const id = (m: string) => m.replace(/[^\n]/g, '_');
  const sp = (m: string) => m.replace(/[^\n]/g, ' ');
  const cases: Array<[string, string]> = [
    ['const n = {{cart.item_count}};', `const n = ${id('{{cart.item_count}}')};`],
    ["const t = '{{csrf_token}}';", `const t = '${id('{{csrf_token}}')}';`],
    [
      '{{#if a}}go();{{else}}stop();{{/if}}',
      `${sp('{{#if a}}')}go();${sp('{{else}}')}stop();${sp('{{/if}}')}`,
    ],
    ['{{!-- note --}}x();{{> partial}}', `${sp('{{!-- note --}}')}x();${sp('{{> partial}}')}`],
    ['a = {{{raw}}};', `a = ${id('{{{raw}}}')};`],
    [
      '{{~#each xs~}}f({{this}});{{~/each}}',
      `${sp('{{~#each xs~}}')}f(${id('{{this}}')});${sp('{{~/each}}')}`,
    ],
    ['x = {{a\nb}};', 'x = ___\n___;'],
  ];
  for (const [source, blanked] of cases) {
    it(`blanks ${JSON.stringify(source)} to the same length and lines`, () => {
      expect(blankMustaches(source)).to.equal(blanked);
      expect(blankMustaches(source)).to.have.length(source.length);
    });
  }

  it('parses classic scripts and modules, and gives null for what does not parse', () => {
    expect(parseScript({ text: 'with (a) { b(); }', start: 0 })).to.not.equal(null);
    expect(parseScript({ text: "import x from './x.js'; export const y = await x;", start: 0 })).to.not.equal(
      null,
    );
    expect(parseScript({ text: 'fetch(', start: 0 })).to.equal(null);
  });

  it('treats scripts without a type, with a JavaScript type or module as JavaScript', () => {
    const types = (html: string) => parseHtml(html).scripts.map((s) => isJavaScript(s.tag));
    expect(
      types(
        '<script></script><script type="module"></script><script type="text/javascript; charset=utf-8"></script><script type="{{t}}"></script>',
      ),
    ).to.deep.equal([true, true, true, true]);
    expect(
      types(
        '<script type="application/ld+json"></script><script type="text/x-handlebars-template"></script>',
      ),
    ).to.deep.equal([false, false]);
  });
});
