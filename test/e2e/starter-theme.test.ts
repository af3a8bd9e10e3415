// The starter theme's layout and content bugs found in a real browser (issue 19, part 4), one test
// each: checkout labels, the mobile header menu, page titles, order status, the tracking number's
// baseline, unavailable cart lines, badge vs subtotal, the guest's confirmation after a reload, the
// checkout's order summary, the country select and the footer's tap targets.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import {
  ADDRESS,
  addToCart,
  DEMO,
  fillAddress,
  reviewOrder,
  signIn,
  useE2E,
  VIEWPORTS,
  type E2E,
} from './helpers.js';
import { baselines, labelLayoutProblems } from './layout-checks.js';
import { demoOrders, takeOffSale } from './pages.js';

type Box = { x: number; y: number; width: number; height: number };

async function box(page: Page, selector: string): Promise<Box> {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return b;
}

/** A guest with a product in the cart, on the checkout page at the given width. */
async function atCheckout(env: E2E, viewport: { width: number; height: number }): Promise<Page> {
  const page = await env.newPage({ viewport });
  await addToCart(page, env.url, { quantity: 2 });
  await page.goto(`${env.url}/checkout`);
  return page;
}

describe('e2e: starter theme layout and content', function () {
  this.timeout(60000);
  const env = useE2E();

  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    it(`checkout at ${viewport.width} px: each shipping-address label sits above its own field`, async () => {
      const page = await atCheckout(env, viewport);
      expect(await labelLayoutProblems(page)).to.deep.equal([]);
      // every label of the fieldset starts a row of its own, above its input, not beside another's
      for (const id of ['name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country', 'phone']) {
        const label = await box(page, `label[for="${id}"]`);
        const field = await box(page, `#${id}`);
        expect(label.y + label.height, `${id} (${width})`).to.be.at.most(field.y + 1);
        expect(Math.abs(label.x - field.x), `${id} (${width})`).to.be.below(4);
      }
    });
  }

  for (const javaScript of [true, false]) {
    it(`mobile header at 390 px ${javaScript ? 'with' : 'without'} JavaScript: one row, and a menu toggle that opens the links`, async () => {
      const page = await env.newPage({ viewport: VIEWPORTS.mobile, javaScript });
      await page.goto(`${env.url}/products`);
      const header = await box(page, '.site-header');
      expect(header.height, 'header height').to.be.below(80);
      const links = page.locator('.site-header nav a[href="/products"]');
      expect(await links.isVisible()).to.equal(false);
      const toggle = page.getByText('Menu', { exact: true });
      expect(await toggle.isVisible()).to.equal(true);
      if (javaScript) expect(await page.locator('button[aria-expanded="false"]').count()).to.equal(1);
      await toggle.click();
      await links.waitFor({ state: 'visible' });
      if (javaScript) expect(await page.locator('button[aria-expanded="true"]').count()).to.equal(1);
      for (const href of ['/products', '/tracking', '/cart', '/register']) {
        const link = await box(page, `.site-header a[href="${href}"]`);
        expect(link.x + link.width, href).to.be.at.most(VIEWPORTS.mobile.width);
        expect(link.height, `${href} tap target`).to.be.at.least(24);
      }
      await Promise.all([
        page.waitForURL(`${env.url}/tracking`),
        page.click('.site-header a[href="/tracking"]'),
      ]);
    });
  }

  it('titles name the page and the site: product, listing pages and each order have their own', async () => {
    const page = await env.newPage();
    const titleOf = async (path: string) => {
      await page.goto(`${env.url}${path}`);
      return page.title();
    };
    await page.goto(`${env.url}/`);
    const site = await page.locator('meta[property="og:site_name"]').getAttribute('content');
    expect(site).to.be.a('string').and.not.equal('');
    const suffix = ` · ${site}`;

    const product = await titleOf('/products/fernhill-house-blend');
    expect(product).to.equal(`Fernhill House Blend${suffix}`);
    const first = await titleOf('/products');
    const second = await titleOf('/products?page=2');
    expect(first.endsWith(suffix) && second.endsWith(suffix)).to.equal(true);
    expect(second).not.to.equal(first);
    expect(second).to.include('2');

    await signIn(page, env.url, DEMO, '/my-orders');
    const { shipped, open } = await demoOrders(env);
    const numberOf = async (id: string) =>
      ((await env.server.db('orders').where({ id }).first('number')) as { number: string }).number;
    const shippedTitle = await titleOf(`/my-orders/${shipped}`);
    const openTitle = await titleOf(`/my-orders/${open}`);
    expect(shippedTitle).to.equal(`Order ${await numberOf(shipped)}${suffix}`);
    expect(openTitle).to.equal(`Order ${await numberOf(open)}${suffix}`);
    expect(await titleOf(`/my-orders/${shipped}/tracking`)).to.include(await numberOf(shipped));
  });

  it('a shipped order is "shipped" on its page as in the list, never "placed"', async () => {
    const page = await env.newPage();
    await signIn(page, env.url, DEMO, '/my-orders');
    const { shipped } = await demoOrders(env);
    const row = page
      .locator('table.orders tbody tr')
      .filter({ has: page.locator(`a[href="/my-orders/${shipped}"]`) });
    const listed = (await row.locator('td').nth(2).innerText()).trim();
    expect(listed).to.match(/^shipped$/i);
    await Promise.all([page.waitForURL(`${env.url}/my-orders/${shipped}`), row.locator('a').click()]);
    const text = await page.locator('main').innerText();
    expect(text).not.to.match(/·\s*placed\b/i);
    expect((await page.locator('[data-order-status]').innerText()).trim()).to.equal(listed);
  });

  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    it(`the tracking number sits on the text baseline (${width})`, async () => {
      const page = await env.newPage({ viewport });
      const { tracking } = await demoOrders(env);
      await page.goto(`${env.url}/tracking?number=${encodeURIComponent(tracking)}`);
      const [label, number] = await baselines(page, '.shipment', ['strong', 'code']);
      expect(Math.abs(label - number), `label baseline ${label}, number baseline ${number}`).to.be.below(1);
    });
  }

  it('an unavailable line: the cart offers no checkout and says why; checkout warns and shows no form', async () => {
    const page = await env.newPage();
    await addToCart(page, env.url, { quantity: 1 });
    await addToCart(page, env.url, { slug: 'linen-tea-towel', quantity: 1 });
    await takeOffSale(env, 'linen-tea-towel');
    await page.goto(`${env.url}/cart`);
    expect(await page.locator('li.cart-line-unavailable').count()).to.equal(1);
    expect(await page.locator('main a[href="/checkout"]').count()).to.equal(0);
    expect(await page.locator('main').innerText()).to.match(/remove them to go to checkout/i);

    await page.goto(`${env.url}/checkout`);
    const warning = page.getByRole('alert').filter({ hasText: 'no longer available' });
    await warning.waitFor();
    expect(await warning.innerText()).to.include('Linen Tea Towel');
    expect(await page.locator('form[data-checkout]').count()).to.equal(0);
  });

  it('the badge and the subtotal count the same items (the available ones)', async () => {
    const page = await env.newPage();
    await addToCart(page, env.url, { quantity: 2 });
    await addToCart(page, env.url, { slug: 'oak-serving-board', quantity: 3 });
    await takeOffSale(env, 'oak-serving-board');
    await page.goto(`${env.url}/cart`);
    const available = page.locator('li.cart-line:not(.cart-line-unavailable) input[name="quantity"]');
    let units = 0;
    for (const input of await available.all()) units += Number(await input.inputValue());
    expect(units).to.equal(2);
    expect(await page.locator('[data-cart-count]').innerText()).to.equal(String(units));
    // "2 items": the count the subtotal is for
    expect(await page.locator('[data-cart-subtotal-count]').innerText()).to.match(new RegExp(`^${units}\\b`));
    const lineTotal = await page.locator('li.cart-line:not(.cart-line-unavailable) .cart-total').innerText();
    expect(await page.locator('[data-cart-subtotal]').innerText()).to.equal(lineTotal);
  });

  it("a guest's order confirmation and number are still shown after a reload", async () => {
    const page = await env.newPage();
    await addToCart(page, env.url, { quantity: 1 });
    await page.goto(`${env.url}/checkout`);
    await fillAddress(page, ADDRESS, '');
    await reviewOrder(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/_post/checkout/place-order')),
      page.click('[data-place-order]'),
    ]);
    const { Number: number } = (await response.json()) as { Number: string };
    await page.locator('[data-order-placed]').waitFor({ state: 'visible' });
    expect(await page.locator('[data-order-number]').innerText()).to.equal(number);

    await page.reload();
    await page.locator('[data-order-placed]').waitFor({ state: 'visible' });
    expect(await page.locator('[data-order-number]').innerText()).to.equal(number);
    expect(await page.locator('main').innerText()).not.to.include('Your cart is empty');
    expect(await page.title()).to.match(/^Order placed · /);

    // The confirmation comes from the visitor's session, not the address: the same link opened by
    // someone else (or crafted with a made-up number) claims no order.
    const stranger = await env.newPage();
    await stranger.goto(page.url());
    expect(await stranger.locator('[data-order-placed]').isVisible()).to.equal(false);
    await stranger.goto(`${env.url}/checkout?placed=SF-FAKE-1`);
    expect(await stranger.locator('main').innerText()).not.to.include('SF-FAKE-1');
  });

  it('checkout shows an order summary beside the form at 1280 px and below it at 390 px', async () => {
    const page = await atCheckout(env, VIEWPORTS.desktop);
    const summary = page.locator('[data-checkout-summary]');
    expect(await summary.innerText()).to.include('Fernhill House Blend');
    await page.goto(`${env.url}/cart`);
    const subtotal = await page.locator('[data-cart-subtotal]').innerText();
    await page.goto(`${env.url}/checkout`);
    expect(await page.locator('[data-summary-subtotal]').innerText()).to.equal(subtotal);
    let form = await box(page, 'form[data-checkout]');
    let aside = await box(page, '[data-checkout-summary]');
    expect(aside.x, 'summary right of the form').to.be.at.least(form.x + form.width);
    expect(aside.y, 'summary level with the form').to.be.below(form.y + form.height);

    await page.setViewportSize(VIEWPORTS.mobile);
    form = await box(page, 'form[data-checkout]');
    aside = await box(page, '[data-checkout-summary]');
    expect(aside.x + aside.width).to.be.at.most(VIEWPORTS.mobile.width);
    expect(aside.y, 'summary below the form').to.be.at.least(form.y + form.height);
  });

  it('country is a select of the supported ISO codes, and the quote accepts the choice', async () => {
    const page = await atCheckout(env, VIEWPORTS.desktop);
    const country = page.locator('form[data-checkout] [name="country"]');
    expect(await country.evaluate((el) => el.tagName)).to.equal('SELECT');
    const values = await country
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(values).to.have.length(249);
    expect(values).to.include.members(['GB', 'DE', 'FR', 'NL', 'US']);
    expect(await country.locator('option[value="GB"]').innerText()).to.equal('United Kingdom');
    await fillAddress(page, { ...ADDRESS, country: 'de' });
    const quote = await reviewOrder(page);
    expect(quote.Items).to.have.length(1);
  });

  it('footer links are tap targets of at least 24 × 24 px at 390 px', async () => {
    const page = await env.newPage({ viewport: VIEWPORTS.mobile });
    await page.goto(`${env.url}/`);
    const links = await page.locator('footer a').all();
    expect(links.length).to.be.at.least(2);
    for (const link of links) {
      const b = (await link.boundingBox())!;
      expect(b.height, await link.innerText()).to.be.at.least(24);
      expect(b.width, await link.innerText()).to.be.at.least(24);
    }
  });
});
