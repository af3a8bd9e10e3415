import { expect } from 'chai';
import { createHandlebars } from '../../../../runtime/theme/helpers/index.js';

const hb = createHandlebars({ renderTemplate: () => '', assetUrl: (p) => `/assets/${p}` });
const render = (source: string, context: unknown) => hb.compile(source)(context);
const at = (locale?: string) => ({
  placed: '2026-11-22T23:30:00Z',
  site: locale ? { name: 'S', locale } : undefined,
});

describe('theme helper date', () => {
  it('formats a date-time in UTC for the rendering site’s locale', () => {
    expect(render('{{date placed}}', at('en-GB'))).to.equal('22 Nov 2026');
    expect(render('{{date placed}}', at('en'))).to.equal('Nov 22, 2026');
    expect(render('{{date placed}}', at('fr'))).to.equal('22 nov. 2026');
    expect(render('{{date placed}}', at('de'))).to.equal('22. Nov. 2026');
  });

  it('reads the locale of the root context inside blocks and with another context', () => {
    expect(render('{{#with order}}{{date ../placed}}{{/with}}', { ...at('fr'), order: {} })).to.equal(
      '22 nov. 2026',
    );
    expect(
      render('{{#each list}}{{date this}}{{/each}}', { ...at('fr'), list: ['2026-01-05T00:00:00Z'] }),
    ).to.equal('5 janv. 2026');
  });

  it('uses en without a site, and renders nothing for no value or a bad one', () => {
    expect(render('{{date placed}}', at())).to.equal('Nov 22, 2026');
    expect(render('{{date nothing}}', at('fr'))).to.equal('');
    expect(render('{{date bad}}', { ...at('fr'), bad: 'yesterday' })).to.equal('');
  });
});
