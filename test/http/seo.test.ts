// SEO over a real listening server (starter theme plus custom pages): /sitemap.xml, /robots.txt.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { TestBrowser } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, tempSqliteUrl, type TestServer } from '../helpers/server.js';
import { starterThemeDir } from '../../runtime/paths.js';
import { dbNow } from '../../runtime/time.js';

const page = (title: string) =>
  `{{#extends "layouts/base"}}{{set title="${title}"}}{{#block "content"}}<h1>${title}</h1>{{/block}}{{/extends}}\n`;

interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

/**
 * A strict parser for the XML subset a sitemap uses (declaration, elements, attributes, text, the five
 * predefined entities and numeric references): throws on anything not well-formed.
 */
function parseXml(source: string): XmlElement {
  let rest = source.replace(/^<\?xml[^?]*\?>\s*/, '');
  const root: XmlElement = { name: '#document', children: [], text: '' };
  const stack = [root];
  const checkText = (text: string) => {
    if (/[<>]/.test(text)) throw new Error(`bare < or > in text: ${text}`);
    for (const m of text.matchAll(/&([^;]*);?/g))
      if (!/^(?:lt|gt|amp|apos|quot|#\d+|#x[0-9a-f]+)$/i.test(m[1]) || !m[0].endsWith(';'))
        throw new Error(`bad entity ${m[0]}`);
  };
  while (rest.length) {
    const lt = rest.indexOf('<');
    const text = lt < 0 ? rest : rest.slice(0, lt);
    checkText(text);
    stack[stack.length - 1].text += text;
    if (lt < 0) break;
    rest = rest.slice(lt);
    const tag = /^<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/.exec(
      rest,
    );
    if (!tag) throw new Error(`malformed tag at: ${rest.slice(0, 40)}`);
    rest = rest.slice(tag[0].length);
    const [, closing, name, attrs, selfClosing] = tag;
    checkText(attrs.replace(/=\s*("|')/g, '').replace(/["']/g, ''));
    if (closing) {
      const open = stack.pop()!;
      if (open.name !== name) throw new Error(`</${name}> closes <${open.name}>`);
    } else {
      const el: XmlElement = { name, children: [], text: '' };
      stack[stack.length - 1].children.push(el);
      if (!selfClosing) stack.push(el);
    }
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  if (root.children.length !== 1 || root.text.trim()) throw new Error('not exactly one root element');
  return root.children[0];
}

describe('http/seo (starter theme with custom pages, SQLite)', () => {
  let server: TestServer;
  let theme: string;
  let cleanup: () => void;
  let browser: TestBrowser;
  let archived: string;
  let databaseUrl: string;

  before(async () => {
    theme = mkdtempSync(join(tmpdir(), 'storefront-seo-'));
    cpSync(starterThemeDir, theme, { recursive: true });
    for (const [file, text] of Object.entries({
      'pages/about.hbs': page('About us'),
      'pages/help/index.hbs': page('Help centre'),
      'pages/_draft.hbs': page('Draft'),
    })) {
      mkdirSync(dirname(join(theme, file)), { recursive: true });
      writeFileSync(join(theme, file), text);
    }
    const tmp = tempSqliteUrl();
    cleanup = tmp.cleanup;
    databaseUrl = tmp.url;
    await prepareDatabase(tmp.url);
    server = await startTestServer(tmp.url, { themeDir: theme, catalogCacheMs: 0 });
    const row = (await server.db('products').orderBy('position', 'desc').first(['slug'])) as { slug: string };
    archived = row.slug;
    await server.db('products').where({ slug: archived }).update({ archived_at: dbNow() });
  });
  after(async () => {
    await server.close();
    cleanup();
    rmSync(theme, { recursive: true, force: true });
  });
  beforeEach(() => (browser = new TestBrowser(server.url)));

  it('serves /sitemap.xml as XML with the public pages, live products and custom pages, absolute', async () => {
    const res = await browser.get('/sitemap.xml');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/xml/);
    expect(res.headers.get('cache-control')).to.equal('public, max-age=3600');
    expect(res.headers.get('set-cookie')).to.equal(null);
    const urlset = parseXml(res.text);
    expect(urlset.name).to.equal('urlset');
    const urls = urlset.children.map((u) => {
      expect(u.name).to.equal('url');
      const loc = u.children.find((c) => c.name === 'loc')!.text;
      const lastmod = u.children.find((c) => c.name === 'lastmod')?.text;
      return { loc, lastmod };
    });
    const locs = urls.map((u) => u.loc);
    for (const path of ['/', '/products', '/about', '/help']) expect(locs).to.include(`${server.url}${path}`);
    const live = (await server.db('products').whereNull('archived_at').select('slug')) as Array<{
      slug: string;
    }>;
    expect(live.length).to.be.greaterThan(0);
    for (const { slug } of live) {
      const entry = urls.find((u) => u.loc === `${server.url}/products/${encodeURIComponent(slug)}`);
      expect(entry, slug).to.not.equal(undefined);
      expect(new Date(entry!.lastmod!).toISOString()).to.equal(entry!.lastmod);
    }
    expect(locs).not.to.include(`${server.url}/products/${encodeURIComponent(archived)}`);
    expect(locs.filter((l) => /\/_draft|\/404/.test(l))).to.deep.equal([]);
    for (const priv of ['/cart', '/checkout', '/profile', '/my-orders', '/login', '/register', '/_post/'])
      expect(
        locs.filter((l) => l.slice(server.url.length).startsWith(priv)),
        priv,
      ).to.deep.equal([]);
    for (const loc of locs) expect(loc.startsWith(`${server.url}/`), loc).to.equal(true);
  });

  it('reads its products as a range of the listing rank, and builds the sitemap once per catalog-cache lifetime', async () => {
    const productQueries = async (target: TestServer, times: number) => {
      const sql: string[] = [];
      const watch = (q: { sql: string }) => sql.push(q.sql);
      target.deps.db.on('query', watch);
      const bodies = [];
      for (let i = 0; i < times; i++)
        bodies.push((await new TestBrowser(target.url).get('/sitemap.xml')).text);
      target.deps.db.off('query', watch);
      return { queries: sql.filter((q) => /from [`"]products[`"]/i.test(q)), bodies };
    };
    const uncached = await productQueries(server, 1);
    // the count (the largest rank: an index seek) and the products of the range: never a whole-table read
    expect(uncached.queries).to.have.length(2);
    expect(uncached.queries[0]).to.match(/^select max\([`"]listing_rank[`"]\)/i);
    expect(uncached.queries[1]).to.match(/[`"]listing_rank[`"] between \? and \?/i);
    const cached = await startTestServer(databaseUrl, { themeDir: theme, catalogCacheMs: 60_000 });
    try {
      const { queries, bodies } = await productQueries(cached, 3);
      expect(queries).to.have.length(2);
      expect(new Set(bodies).size).to.equal(1);
      expect(bodies[0]).to.include(`<loc>${cached.url}/products/`);
    } finally {
      await cached.close();
    }
  });

  it('has no numbered parts while everything fits in one file: /sitemap-1.xml is the 404 page', async () => {
    for (const path of [
      '/sitemap-1.xml',
      '/sitemap-0.xml',
      '/sitemap-01.xml',
      '/sitemap-1234567.xml',
      '/sitemap-x.xml',
    ]) {
      const res = await browser.get(path);
      expect(res.status, path).to.equal(404);
      expect(res.headers.get('content-type'), path).to.match(/^text\/html/);
    }
    const post = await fetch(`${server.url}/sitemap-1.xml`, { method: 'POST' });
    expect(post.status).to.equal(405);
    expect(post.headers.get('allow')).to.equal('GET, HEAD');
  });

  it('serves /robots.txt disallowing the private paths and naming the absolute sitemap', async () => {
    const res = await browser.get('/robots.txt');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/plain/);
    expect(res.headers.get('cache-control')).to.equal('public, max-age=3600');
    const lines = res.text.split('\n');
    expect(lines).to.include('User-agent: *');
    for (const path of ['/cart', '/checkout', '/profile', '/my-orders', '/_post/', '/__storefront/'])
      expect(lines, path).to.include(`Disallow: ${path}`);
    expect(lines).to.include(`Sitemap: ${server.url}/sitemap.xml`);
    expect(lines.filter((l) => l === 'Disallow: /' || l === 'Disallow: /products')).to.deep.equal([]);
  });

  it('answers 405 to other methods on both', async () => {
    for (const path of ['/sitemap.xml', '/robots.txt']) {
      const res = await browser.request('DELETE', path);
      expect(res.status, path).to.equal(405);
    }
  });

  /** The content of <meta name|property=key content="…">, entities decoded the way Handlebars encodes them. */
  const meta = (html: string, key: string): string | null => {
    const m = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html);
    return m ? decodeEntities(m[1]) : null;
  };
  const decodeEntities = (text: string) =>
    text
      .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? null;
  const jsonLd = (html: string): Array<Record<string, unknown>> =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as Record<string, unknown>,
    );

  it('gives the home page description, canonical, Open Graph, Twitter card and an Organization', async () => {
    const res = await browser.get('/?utm_source=x');
    expect(res.status).to.equal(200);
    const html = res.text;
    expect(canonical(html)).to.equal(`${server.url}/`);
    expect(meta(html, 'description')).to.match(/^Coffee, brewing gear/);
    expect(meta(html, 'og:title')).to.equal('Welcome');
    expect(meta(html, 'og:type')).to.equal('website');
    expect(meta(html, 'og:url')).to.equal(`${server.url}/`);
    expect(meta(html, 'og:site_name')).to.equal('Fernhill Supply Co.'); // the fixtures' site name, seeded
    expect(meta(html, 'og:description')).to.equal(meta(html, 'description'));
    expect(meta(html, 'og:image')).to.match(
      new RegExp(`^${server.url}/assets/images/share\\.[0-9a-f]{10}\\.png$`),
    );
    expect(meta(html, 'twitter:card')).to.equal('summary_large_image');
    expect(meta(html, 'twitter:title')).to.equal('Welcome');
    expect(meta(html, 'robots')).to.equal(null);
    const [org] = jsonLd(html).filter((d) => d['@type'] === 'Organization');
    expect(org).to.deep.include({
      '@context': 'https://schema.org',
      name: 'Fernhill Supply Co.',
      url: `${server.url}/`,
    });
    expect(org.logo).to.match(new RegExp(`^${server.url}/assets/images/logo\\.[0-9a-f]{10}\\.svg$`));
    const logo = await browser.get(String(org.logo).slice(server.url.length));
    expect(logo.status).to.equal(200);
  });

  it('gives a product page its canonical URL without the query, og:type product and Product + BreadcrumbList JSON-LD', async () => {
    const row = (await server
      .db('products')
      .whereNull('archived_at')
      .orderBy('position')
      .first(['id', 'slug'])) as {
      id: string;
      slug: string;
    };
    const name = 'Mug </script><script>alert(1)</script> & "co" \u2028';
    await server.db('products').where({ id: row.id }).update({ name });
    const variants = (await server.db('variants').where({ product_id: row.id }).select()) as Array<{
      price_minor: number;
      currency: string;
    }>;
    const cheapest = variants.reduce((a, b) => (b.price_minor < a.price_minor ? b : a));
    const url = `${server.url}/products/${encodeURIComponent(row.slug)}`;

    const res = await browser.get(`/products/${encodeURIComponent(row.slug)}?ref=mail`);
    expect(res.status).to.equal(200);
    const html = res.text;
    expect(html).not.to.include('<script>alert(1)');
    expect(canonical(html)).to.equal(url);
    expect(meta(html, 'og:url')).to.equal(url);
    expect(meta(html, 'og:type')).to.equal('product');
    expect(meta(html, 'og:title')).to.equal(name);
    expect(meta(html, 'description')).to.be.a('string').and.not.equal('');

    const docs = jsonLd(html);
    const product = docs.find((d) => d['@type'] === 'Product')!;
    expect(product, 'Product JSON-LD').to.not.equal(undefined);
    expect(product['@context']).to.equal('https://schema.org');
    expect(product.name).to.equal(name);
    expect(product.url).to.equal(url);
    // Google's product rich results require an image: absolute URLs of the gallery, 1200 px JPEG.
    const images = product.image as string[];
    expect(images).to.be.an('array').with.length.above(0);
    for (const src of images)
      expect(src).to.match(new RegExp(`^${server.url}/media/[0-9a-f]{64}/1200\\.jpg$`));
    expect((await fetch(images[0])).status).to.equal(200);
    expect(meta(html, 'og:image')).to.equal(images[0]);
    const offers = product.offers as Record<string, unknown>;
    expect(offers.price)
      .to.be.a('string')
      .and.match(/^\d+(\.\d+)?$/);
    expect(Number(offers.price) * 100).to.be.closeTo(cheapest.price_minor, 1e-6);
    expect(offers.priceCurrency).to.equal(cheapest.currency);
    expect(offers.availability).to.equal('https://schema.org/InStock');
    const crumbs = docs.find((d) => d['@type'] === 'BreadcrumbList')!;
    expect(crumbs.itemListElement).to.deep.equal([
      { '@type': 'ListItem', position: 1, name: 'Products', item: `${server.url}/products` },
      { '@type': 'ListItem', position: 2, name, item: url },
    ]);

    await server.db('variants').where({ product_id: row.id }).update({ available: false });
    const soldOut = jsonLd((await browser.get(`/products/${encodeURIComponent(row.slug)}`)).text);
    expect(
      (soldOut.find((d) => d['@type'] === 'Product')!.offers as Record<string, unknown>).availability,
    ).to.equal('https://schema.org/OutOfStock');
  });

  it('marks the private pages, sign-in and registration noindex, without a canonical link', async () => {
    const checked: string[] = [];
    for (const path of [
      '/cart',
      '/checkout',
      '/profile',
      '/my-orders',
      '/login',
      '/register',
      '/no-such-page',
    ]) {
      const res = await browser.get(path);
      if (res.status >= 300 && res.status < 400) continue; // signed-out redirect to /login
      checked.push(path);
      expect(meta(res.text, 'robots'), path).to.equal('noindex');
      expect(canonical(res.text), path).to.equal(null);
    }
    expect(checked).to.include.members(['/cart', '/checkout', '/login', '/register', '/no-such-page']);
    for (const path of ['/products', '/about', '/tracking']) {
      const res = await browser.get(path);
      expect(meta(res.text, 'robots'), path).to.equal(null);
      expect(canonical(res.text), path).to.equal(`${server.url}${path}`);
    }
  });
});
