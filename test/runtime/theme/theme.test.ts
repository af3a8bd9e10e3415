import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Theme, type DataSource, type RenderInput } from '../../../runtime/theme/theme.js';
import { AbortRender, TemplateError } from '../../../runtime/theme/errors.js';
import { GUEST_AUTH } from '../../../runtime/accounts/auth.js';
import { TEMPLATE_OBJECTS } from '../../../runtime/template-objects.js';

const MINI = new URL('../../fixtures/themes/mini', import.meta.url).pathname;

function input(over: Partial<RenderInput['request']> = {}): RenderInput {
  return {
    request: { origin: 'http://shop.test', path: '/', url: '/', params: {}, query: {}, ...over },
    auth: GUEST_AUTH,
    csrfToken: 'tok',
    site: { name: 'Mini' },
  };
}

const product = (slug: string) => ({
  slug,
  name: slug.toUpperCase(),
  url: `/products/${slug}`,
  price: { formatted: '€1.00' },
  variants: [{ id: `v-${slug}`, name: 'One' }],
});

function data(calls: string[] = []): DataSource {
  return {
    async call(name, args) {
      calls.push(`${name} ${JSON.stringify(args)}`);
      if (name === 'products.paginate')
        return { items: [product('a'), product('b')], next_url: '/products?page=2', prev_url: null };
      if (name === 'products.find') return args.slug === 'a' ? product('a') : null;
      return null;
    },
    async load(name) {
      return name === 'cart' ? { items: [], item_count: 0, total_price: null } : null;
    },
  };
}

function tempTheme(): string {
  const dir = mkdtempSync(join(tmpdir(), 'theme-'));
  cpSync(MINI, dir, { recursive: true });
  return dir;
}

describe('runtime/theme/theme', () => {
  it('renders a page through its layout, with set values and block defaults', async () => {
    const html = await Theme.load(MINI, TEMPLATE_OBJECTS).render('index', input(), data());
    expect(html).to.include('<title>Home · Mini</title>');
    expect(html).to.include('<h1>Welcome</h1>');
    expect(html).to.include('layout footer');
    expect(html).not.to.include('default content');
    expect(html).to.include('<p class="who">guest</p>');
    expect(html).to.match(/href="\/assets\/css\/a\.[0-9a-f]{10}\.css"/);
  });

  it('fetches data calls before the render with arguments from the request', async () => {
    const calls: string[] = [];
    const theme = Theme.load(MINI, TEMPLATE_OBJECTS);
    const list = await theme.render('products/index', input({ path: '/products' }), data(calls));
    expect(list).to.include('<a href="/products/a">A</a>');
    expect(list).to.include('rel="next"');
    expect(calls).to.deep.equal(['products.paginate {"limit":12}']);
    const show = await theme.render('products/show', input({ params: { slug: 'a' } }), data(calls));
    expect(show).to.include('data-variant-id="v-a"');
    expect(calls[1]).to.equal('products.find {"slug":"a"}');
  });

  it('turns {{abort 404}} into AbortRender', async () => {
    const err = await Theme.load(MINI, TEMPLATE_OBJECTS)
      .render('products/show', input({ params: { slug: 'zzz' } }), data())
      .catch((e) => e);
    expect(err).to.be.instanceOf(AbortRender);
    expect(err.status).to.equal(404);
  });

  it('ignores an `auth` value in page data: the server value wins', async () => {
    const html = await Theme.load(MINI, TEMPLATE_OBJECTS).render(
      'index',
      { ...input(), extra: { auth: { check: true, user: { display_name: 'Mallory' } } } },
      data(),
    );
    expect(html).to.include('<p class="who">guest</p>');
    expect(html).not.to.include('Mallory');
  });

  it('reports what a page needs, including its layout and partials', () => {
    const needs = Theme.load(MINI, TEMPLATE_OBJECTS).needs('products/index');
    expect(needs.templates).to.have.members(['pages/products/index', 'layouts/base', 'partials/card']);
    expect([...needs.roots].sort()).to.deep.equal(['auth', 'csrf_token', 'site']);
    expect(needs.private).to.equal(true); // auth and csrf_token are per visitor
  });

  it('finds custom pages by path, and picks up added and deleted pages at once (dev)', () => {
    const dir = tempTheme();
    try {
      const theme = Theme.load(dir, TEMPLATE_OBJECTS);
      expect(theme.customPageAt('/about')).to.equal(null);
      const file = join(dir, 'pages', 'about.hbs');
      writeFileSync(file, '<h1>About</h1>');
      theme.reloadFile(file);
      expect(theme.customPageAt('/about')).to.equal('about');
      expect(theme.customPageAt('/about/')).to.equal('about');
      expect(theme.customPageAt('/products')).to.equal(null); // a contract route's page is no custom page
      rmSync(file);
      theme.reloadFile(file);
      expect(theme.customPageAt('/about')).to.equal(null);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('errors carry the theme file and line', () => {
    let dir: string;
    beforeEach(() => (dir = tempTheme()));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('syntax errors', () => {
      writeFileSync(
        join(dir, 'pages/index.hbs'),
        '{{#extends "layouts/base"}}\n{{#block "content"}}\n{{#if x}}oops{{/each}}\n{{/block}}{{/extends}}',
      );
      const errors = Theme.load(dir, TEMPLATE_OBJECTS).errors();
      expect(errors).to.have.length(1);
      expect(errors[0].code).to.equal('syntax_error');
      expect(errors[0].file).to.equal('pages/index.hbs');
      expect(errors[0].line).to.equal(3);
    });

    it('unknown helpers, missing partials, layouts and assets', () => {
      writeFileSync(
        join(dir, 'pages/extra.hbs'),
        '{{#extends "layouts/nope"}}{{/extends}}\n{{> missing-card}}\n{{shout "x"}}\n{{asset "css/none.css"}}',
      );
      const byCode = Object.fromEntries(
        Theme.load(dir, TEMPLATE_OBJECTS)
          .errors()
          .map((e) => [e.code, e]),
      );
      expect(byCode.missing_layout.line).to.equal(1);
      expect(byCode.missing_partial.line).to.equal(2);
      expect(byCode.unknown_helper.line).to.equal(3);
      expect(byCode.missing_asset.line).to.equal(4);
    });

    it('unresolvable data calls', () => {
      writeFileSync(
        join(dir, 'pages/extra.hbs'),
        'x\n{{#with (products.find slug=someVariable) as |p|}}{{/with}}',
      );
      const [err] = Theme.load(dir, TEMPLATE_OBJECTS).errors();
      expect(err.code).to.equal('unresolvable_data_call');
      expect(err.where).to.match(/^pages\/extra\.hbs:2:/);
    });

    it('render errors in a block are located in the page that defined it', async () => {
      writeFileSync(
        join(dir, 'pages/index.hbs'),
        '{{#extends "layouts/base"}}\n{{#block "content"}}\n\n{{abort "x"}}\n{{/block}}{{/extends}}',
      );
      const err = await Theme.load(dir, TEMPLATE_OBJECTS)
        .render('index', input(), data())
        .catch((e) => e);
      expect(err).to.be.instanceOf(TemplateError);
      expect(err.where).to.match(/^pages\/index\.hbs:4/);
    });

    it('recompiles one changed file', async () => {
      const theme = Theme.load(dir, TEMPLATE_OBJECTS);
      writeFileSync(join(dir, 'partials/card.hbs'), '<li class="changed">{{name}}</li>');
      expect(theme.reloadFile(join(dir, 'partials/card.hbs'))).to.equal('template');
      const html = await theme.render('products/index', input(), data());
      expect(html).to.include('<li class="changed">A</li>');
    });
  });
});
