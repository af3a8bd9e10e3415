import { expect } from 'chai';
import { Theme, type DataSource } from '../../../../runtime/theme/theme.js';
import { GUEST_AUTH } from '../../../../runtime/accounts/auth.js';
import { TEMPLATE_OBJECTS } from '../../../../runtime/template-objects.js';

const NO_DATA: DataSource = { call: async () => null, load: async () => null };

const EN = {
  cart: {
    title: 'Your cart',
    items: { zero: 'Your cart is empty', one: '{count} item', other: '{count} items' },
  },
  greeting: 'Hello, {name}',
  only_default: 'Only in English',
  rich: '<strong>Free</strong> shipping over {amount}',
};
const FR = {
  cart: { title: 'Votre panier', items: { one: '{count} article', other: '{count} articles' } },
  greeting: 'Bonjour, {name}',
};
const FR_CA = { cart: { title: 'Votre panier (Canada)' } };
const PL = {
  cart: {
    items: {
      one: '{count} produkt',
      few: '{count} produkty',
      many: '{count} produktów',
      other: '{count} produktu',
    },
  },
};

/** A theme whose one page is `page`, with the locale files above. */
function themeWith(page: string, locales: Record<string, unknown> = {}): Theme {
  const files: Record<string, string> = { 'pages/index.hbs': page };
  for (const [name, data] of Object.entries({
    'locales/en.default.json': EN,
    'locales/fr.json': FR,
    'locales/fr-CA.json': FR_CA,
    'locales/pl.json': PL,
    ...locales,
  }))
    files[name] = JSON.stringify(data, null, 2);
  return Theme.fromSources(files, TEMPLATE_OBJECTS);
}

async function render(page: string, locale: string, extra: Record<string, unknown> = {}, theme?: Theme) {
  return (theme ?? themeWith(page)).render(
    'index',
    {
      request: { origin: 'http://shop.test', path: '/', url: '/', params: {}, query: {} },
      auth: GUEST_AUTH,
      csrfToken: '',
      site: { name: 'Shop', locale },
      extra,
    },
    NO_DATA,
  );
}

describe('theme helper t', () => {
  it('renders the text of a nested key in the site locale', async () => {
    expect(await render('{{t "cart.title"}}', 'en')).to.equal('Your cart');
    expect(await render('{{t "cart.title"}}', 'fr')).to.equal('Votre panier');
  });

  it('follows the chain fr-CA → fr → default, per key', async () => {
    expect(await render('{{t "cart.title"}}', 'fr-CA')).to.equal('Votre panier (Canada)');
    expect(await render('{{t "greeting" name="Ana"}}', 'fr-CA')).to.equal('Bonjour, Ana'); // from fr
    expect(await render('{{t "only_default"}}', 'fr-CA')).to.equal('Only in English'); // from the default
    expect(await render('{{t "cart.title"}}', 'fr-BE')).to.equal('Votre panier');
    expect(await render('{{t "cart.title"}}', 'de')).to.equal('Your cart');
  });

  it('escapes interpolated values but keeps the translation text as HTML', async () => {
    const html = await render('{{t "greeting" name=who}} | {{t "rich" amount="€50"}}', 'en', {
      who: '<script>alert(1)</script>',
    });
    expect(html).to.equal(
      'Hello, &lt;script&gt;alert(1)&lt;/script&gt; | <strong>Free</strong> shipping over €50',
    );
  });

  it('leaves a placeholder without a value as written, and renders null as nothing', async () => {
    expect(await render('{{t "greeting"}}', 'en')).to.equal('Hello, {name}');
    expect(await render('{{t "greeting" name=nothing}}', 'en')).to.equal('Hello, ');
  });

  it('picks English plural forms with Intl.PluralRules, and zero for exactly 0 when given', async () => {
    const page = '{{t "cart.items" count=n}}';
    expect(await render(page, 'en', { n: 0 })).to.equal('Your cart is empty');
    expect(await render(page, 'en', { n: 1 })).to.equal('1 item');
    expect(await render(page, 'en', { n: 2 })).to.equal('2 items');
    expect(await render(page, 'en', { n: 1234 })).to.equal('1,234 items');
  });

  it('uses French rules (0 and 1 are singular, no zero form) and formats the count in French', async () => {
    const page = '{{t "cart.items" count=n}}';
    expect(await render(page, 'fr', { n: 0 })).to.equal('0 article');
    expect(await render(page, 'fr', { n: 1 })).to.equal('1 article');
    expect(await render(page, 'fr', { n: 2 })).to.equal('2 articles');
    expect((await render(page, 'fr', { n: 1500 })).replace(/\s/g, ' ')).to.equal('1 500 articles');
  });

  it('uses Polish one/few/many forms', async () => {
    const page = '{{t "cart.items" count=n}}';
    expect(await render(page, 'pl', { n: 1 })).to.equal('1 produkt');
    expect(await render(page, 'pl', { n: 3 })).to.equal('3 produkty');
    expect(await render(page, 'pl', { n: 5 })).to.equal('5 produktów');
    expect(await render(page, 'pl', { n: 22 })).to.equal('22 produkty');
  });

  it('uses the plural rules of the file the text came from when it falls back', async () => {
    // pl has no cart.title; de has no file: English text, English rules.
    expect(await render('{{t "cart.items" count=n}}', 'de', { n: 1 })).to.equal('1 item');
  });

  it('renders a missing key as the key itself (escaped) and tells the theme', async () => {
    const theme = themeWith('{{t "cart.nope"}} {{t k}}');
    const missing: string[] = [];
    theme.onMissingTranslation = (key, locale, where) =>
      missing.push(`${key} ${locale} ${where.file}:${where.line}`);
    expect(await render('', 'fr', { k: '<b>' }, theme)).to.equal('cart.nope &lt;b&gt;');
    expect(missing).to.deep.equal(['cart.nope fr pages/index.hbs:1', '<b> fr pages/index.hbs:1']);
  });

  it('renders keys when the theme has no locale files', async () => {
    const theme = Theme.fromSources({ 'pages/index.hbs': '{{t "cart.title"}}' }, TEMPLATE_OBJECTS);
    expect(await render('', 'en', {}, theme)).to.equal('cart.title');
    expect(theme.errors()).to.deep.equal([]);
  });

  it('refuses a call without exactly one key', async () => {
    const err = await render('{{t}}', 'en').catch((e: Error) => e);
    expect(String(err)).to.match(/t takes one key/);
  });
});
