import { expect } from 'chai';
import { lintFiles, where } from '../helpers.js';

describe('check-theme rule missing-asset', () => {
  it('reports {{asset}} of a file that is not under assets/', () => {
    expect(
      where(
        lintFiles('missing-asset', {
          'pages/index.hbs': '\n\n<link rel="stylesheet" href="{{asset "css/theme.css"}}">',
        }),
      ),
    ).to.deep.equal(['pages/index.hbs:3']);
  });

  it('accepts an existing asset', () => {
    expect(
      lintFiles('missing-asset', {
        'pages/index.hbs': '<link rel="stylesheet" href="{{asset "css/theme.css"}}">',
        'assets/css/theme.css': 'a{}',
      }),
    ).to.deep.equal([]);
  });
});
