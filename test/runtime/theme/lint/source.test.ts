// runtime/theme/lint/source.ts: `matches` reuses one global copy per regex (check-theme's speed);
// a scan must still start from the beginning every time, and a nested scan with the same regex
// must not disturb the outer one.
import { expect } from 'chai';
import { lineStarts, matches, positionAt } from '../../../../runtime/theme/lint/source.js';

const all = (re: RegExp, text: string, base = 0) =>
  [...matches(re, text, base)].map((x) => `${x.m[0]}@${x.offset}`);

describe('theme/lint/source: matches', () => {
  it('finds every match with absolute offsets, for global and non-global regexes alike', () => {
    expect(all(/b+/, 'abbcb', 10)).to.deep.equal(['bb@11', 'b@14']);
    expect(all(/b+/g, 'abbcb')).to.deep.equal(['bb@1', 'b@4']);
    expect(all(/x*/g, 'ab')).to.deep.equal(['@0', '@1', '@2']);
  });

  it('starts over on every call, also after a scan that stopped early', () => {
    const re = /\d/;
    for (const first of matches(re, 'a1b2c3')) {
      expect(first.m[0]).to.equal('1');
      break;
    }
    expect(all(re, 'a1b2c3')).to.deep.equal(['1@1', '2@3', '3@5']);
  });

  it('keeps a nested scan with the same regex apart from the outer one', () => {
    const re = /[a-z]/;
    const pairs: string[] = [];
    for (const outer of matches(re, 'ab'))
      for (const inner of matches(re, 'xy')) pairs.push(outer.m[0] + inner.m[0]);
    expect(pairs).to.deep.equal(['ax', 'ay', 'bx', 'by']);
  });
});

describe('theme/lint/source: positions', () => {
  it('turns offsets into 1-based lines and columns', () => {
    const starts = lineStarts('ab\ncd\n');
    expect(positionAt(starts, 0)).to.deep.equal({ line: 1, column: 1 });
    expect(positionAt(starts, 4)).to.deep.equal({ line: 2, column: 2 });
  });
});
