// Checkout in the starter theme with JavaScript, against the contract's client states: no pending
// order → pending order (idempotency key, quote fingerprint, address and note fixed) → cleared after
// success (to the order page), cleared after a 409/422 rejection, or kept after a network failure or
// a 5xx for a manual retry with the identical payload. Faults are injected with page.route.
import { expect } from 'chai';
import type { Page, Route } from 'playwright-core';
import {
  ADDRESS,
  addToCart,
  DEMO,
  fillAddress,
  pendingOrder,
  reviewOrder,
  signIn,
  useE2E,
  type Quote,
} from './helpers.js';

const PLACE_ORDER = '**/_post/checkout/place-order';
const ORDER_URL = /\/my-orders\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** Rejections of place-order with the contract's error body: the client drops the pending order. */
const REJECTIONS = [
  {
    status: 409,
    error: {
      code: 'quote_stale',
      message: 'Your cart, prices or address changed since the quote. Review the order again.',
    },
  },
  {
    status: 422,
    error: {
      code: 'cart_unavailable_lines',
      message: 'Some items in your cart are no longer available. Remove them to continue.',
    },
  },
];

interface Exchange {
  /** The exact request body text and the request headers. */
  body: string;
  headers: Record<string, string>;
  /** What the server answered, when the request reached it and the answer was passed on. */
  response?: { status: number; body: string; headers: Record<string, string> };
}

/**
 * Intercepts every place-order request of the page: the first one meets `fault` (when given), the
 * others go to the server; each request and each answer passed on is recorded. (Reading the
 * answer here, before the page navigates away, is what makes its body available to the test.)
 */
async function interceptPlaceOrders(
  page: Page,
  fault?: (route: Route) => Promise<void>,
): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  await page.route(PLACE_ORDER, async (route) => {
    const request = route.request();
    const exchange: Exchange = { body: request.postData() ?? '', headers: await request.allHeaders() };
    exchanges.push(exchange);
    if (fault && exchanges.length === 1) return fault(route);
    const response = await route.fetch();
    exchange.response = {
      status: response.status(),
      body: await response.text(),
      headers: response.headers(),
    };
    await route.fulfill({ response });
  });
  return exchanges;
}

async function orderCount(env: ReturnType<typeof useE2E>): Promise<number> {
  const [row] = await env.server.db('orders').count({ n: '*' });
  return Number(row.n);
}

/** A signed-in shopper with one product in the cart, on the checkout page with the address filled. */
async function readyToCheckout(env: ReturnType<typeof useE2E>, note = ''): Promise<Page> {
  const page = await env.newPage();
  await signIn(page, env.url, DEMO, '/products');
  await addToCart(page, env.url, { quantity: 2 });
  await page.goto(`${env.url}/checkout`);
  await fillAddress(page, ADDRESS, note);
  return page;
}

/** Clicks "Place order" and waits for the order page; resolves to the order id in its URL. */
async function placeAndLand(page: Page, click: string): Promise<string> {
  await Promise.all([page.waitForURL(ORDER_URL), page.click(click)]);
  return ORDER_URL.exec(page.url())![1];
}

describe('e2e: checkout with JavaScript', function () {
  this.timeout(60000);
  const env = useE2E();

  it('address → quote shown → confirm → the order page; the payload is key, fingerprint, address and note', async () => {
    const page = await readyToCheckout(env, 'Leave it at the door');
    const sent = await interceptPlaceOrders(page);
    // nothing can be placed before a quote was shown
    expect(await page.locator('[data-place-order]').isVisible()).to.equal(false);

    const first = await reviewOrder(page);
    expect(await page.locator('[data-review-lines] tr').count()).to.equal(1);
    expect(await page.locator('[data-review-lines]').innerText()).to.include('Fernhill House Blend');
    // the total shown is the quote's GrandTotalAmount, formatted in the page's locale
    const shownTotal = await page.locator('[data-review-totals] tr').last().locator('td').innerText();
    const quotedTotal = await page.evaluate(
      ({ amount, currency }) =>
        new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount / 100),
      { amount: first.GrandTotalAmount, currency: first.Currency },
    );
    expect(await page.locator('[data-review-totals] tr').last().locator('th').innerText()).to.equal('Total');
    expect(shownTotal).to.equal(quotedTotal);

    // changing the address discards the review: a new quote is needed before confirming
    await page.fill('form[data-checkout] [name="postal_code"]', 'N1 9GV');
    await page.locator('[data-review]').waitFor({ state: 'hidden' });
    const quote = await reviewOrder(page);

    const before = await orderCount(env);
    const id = await placeAndLand(page, '[data-place-order]');
    expect(await orderCount(env)).to.equal(before + 1);
    expect(sent).to.have.length(1);
    expect(sent[0].response?.status).to.equal(201);
    const { ID } = JSON.parse(sent[0].response!.body) as { ID: string };
    expect(id).to.equal(ID);

    const payload = JSON.parse(sent[0].body) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).to.deep.equal([
      'idempotency_key',
      'note',
      'quote_fingerprint',
      'shipping_address',
    ]);
    expect(payload.idempotency_key).to.match(/^[0-9a-f]{32}$/);
    expect(payload.quote_fingerprint).to.equal(quote.Fingerprint);
    expect(payload.shipping_address).to.deep.equal({ ...ADDRESS, postal_code: 'N1 9GV', country: 'GB' });
    expect(payload.note).to.equal('Leave it at the door');

    // the order page: own order, with its line and note; the pending order and the cart are gone
    await page
      .locator('main h1')
      .filter({ hasText: /^Order / })
      .waitFor();
    expect(await page.locator('main').innerText()).to.include('Fernhill House Blend');
    expect(await page.locator('main').innerText()).to.include('Leave it at the door');
    expect(await pendingOrder(page)).to.equal(null);
    expect(await page.locator('[data-cart-count]').innerText()).to.equal('0');
    await page.goto(`${env.url}/my-orders`);
    await page.locator(`table.orders a[href="/my-orders/${ID}"]`).waitFor();
  });

  it('a guest orders without an account: the confirmation with the order number is shown in place', async () => {
    const page = await env.newPage();
    await addToCart(page, env.url, { quantity: 1 });
    await page.goto(`${env.url}/checkout`);
    await fillAddress(page, ADDRESS, '');
    const sent = await interceptPlaceOrders(page);
    await reviewOrder(page);
    const before = await orderCount(env);

    await page.click('[data-place-order]');
    await page.locator('[data-order-placed]').waitFor({ state: 'visible' });
    expect(await orderCount(env)).to.equal(before + 1);
    const { ID, Number: number } = JSON.parse(sent[0].response!.body) as { ID: string; Number: string };
    expect(await page.locator('[data-order-number]').innerText()).to.equal(number);
    const [order] = await env.server.db('orders').where({ id: ID }).select('account_id', 'number');
    expect(order.account_id).to.equal(null);
    expect(order.number).to.equal(number);
    // still on /checkout (a guest has no order pages), with the form gone and the cart empty
    expect(new URL(page.url()).pathname).to.equal('/checkout');
    expect(await page.locator('form[data-checkout]').isHidden()).to.equal(true);
    expect(await page.locator('[data-review]').isHidden()).to.equal(true);
    expect(await pendingOrder(page)).to.equal(null);
    expect(await page.locator('[data-cart-count]').innerText()).to.equal('0');
  });

  const unknownOutcomes: Array<{
    what: string;
    fault: (route: Route) => Promise<void>;
    reload: boolean;
    replayed: boolean;
  }> = [
    {
      what: 'a network failure (the request never reaches the server), across a page reload',
      fault: (route) => route.abort('failed'),
      reload: true,
      replayed: false,
    },
    {
      what: 'a 503 answer',
      fault: (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'Retry-After': '1' },
          body: JSON.stringify({
            error: { code: 'service_unavailable', message: 'The service is temporarily unavailable.' },
          }),
        }),
      reload: false,
      replayed: false,
    },
    {
      what: 'a lost answer (the server placed the order, the connection dropped)',
      fault: async (route) => {
        await route.fetch(); // the server handles the request...
        await route.abort('connectionreset'); // ...and the page never hears back
      },
      reload: false,
      replayed: true,
    },
  ];

  for (const { what, fault, reload, replayed } of unknownOutcomes) {
    it(`keeps the pending order after ${what}; Retry sends the identical payload and lands on one order`, async () => {
      const page = await readyToCheckout(env, 'Ring twice');
      const sent = await interceptPlaceOrders(page, fault);
      await reviewOrder(page);
      const before = await orderCount(env);

      await page.click('[data-place-order]');
      await page.locator('[data-pending-notice]').waitFor({ state: 'visible' });
      await page
        .locator('[data-checkout-status]')
        .filter({ hasText: 'could not confirm your order' })
        .waitFor();
      expect(sent).to.have.length(1);
      // the pending order is kept exactly as sent, and the form can no longer be edited
      expect(await pendingOrder(page)).to.equal(sent[0].body);
      expect(await page.locator('form[data-checkout] [name="line1"]').isDisabled()).to.equal(true);

      if (reload) {
        await page.reload();
        await page.locator('[data-pending-notice]').waitFor({ state: 'visible' });
        expect(await pendingOrder(page)).to.equal(sent[0].body);
        expect(await page.inputValue('form[data-checkout] [name="line1"]')).to.equal(ADDRESS.line1);
        expect(await page.locator('form[data-checkout] [name="line1"]').isDisabled()).to.equal(true);
      }

      const id = await placeAndLand(page, '[data-pending-notice] [data-retry]');
      expect(sent).to.have.length(2);
      expect(sent[1].body).to.equal(sent[0].body);
      const key = (JSON.parse(sent[0].body) as { idempotency_key: string }).idempotency_key;
      expect(key).to.match(/^[0-9a-f]{32}$/);
      for (const s of sent) {
        expect(s.headers['content-type']).to.equal('application/json');
        expect(s.headers['x-csrf-token']).to.be.a('string').and.not.equal('');
      }
      // whether or not the first attempt reached the server, exactly one order exists
      expect(await orderCount(env)).to.equal(before + 1);
      const retried = sent[1].response!;
      expect(retried.status).to.equal(201);
      expect((JSON.parse(retried.body) as { ID: string }).ID).to.equal(id);
      // after a lost answer the server had the order already: the retry gets the same one replayed
      expect(retried.headers['idempotent-replayed']).to.equal(replayed ? 'true' : undefined);
      expect(await pendingOrder(page)).to.equal(null);
      await page
        .locator('main h1')
        .filter({ hasText: /^Order / })
        .waitFor();
    });
  }

  for (const { status, error } of REJECTIONS) {
    it(`drops the pending order on a ${status} ${error.code} answer; a new confirmation uses a new key`, async () => {
      const page = await readyToCheckout(env);
      const sent = await interceptPlaceOrders(page, (route) =>
        route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error }) }),
      );
      await reviewOrder(page);
      const before = await orderCount(env);

      await page.click('[data-place-order]');
      await page.locator('[data-checkout-status]').filter({ hasText: error.message }).waitFor();
      expect(await page.locator('[data-checkout-status]').innerText()).to.include(
        'Please review your order again.',
      );
      expect(await pendingOrder(page)).to.equal(null);
      expect(await page.locator('[data-review]').isHidden()).to.equal(true);
      expect(await page.locator('[data-pending-notice]').isHidden()).to.equal(true);
      expect(await page.locator('form[data-checkout] [name="line1"]').isEnabled()).to.equal(true);
      expect(await orderCount(env)).to.equal(before);

      const quote = await reviewOrder(page);
      await placeAndLand(page, '[data-place-order]');
      expect(sent).to.have.length(2);
      const [a, b] = sent.map(
        (s) => JSON.parse(s.body) as { idempotency_key: string; quote_fingerprint: string },
      );
      expect(b.idempotency_key).to.match(/^[0-9a-f]{32}$/);
      expect(b.idempotency_key).not.to.equal(a.idempotency_key);
      expect(b.quote_fingerprint).to.equal(quote.Fingerprint);
      expect(await orderCount(env)).to.equal(before + 1);
    });
  }

  it('drops the pending order when the server itself rejects a stale quote (cart changed in another tab)', async () => {
    const page = await readyToCheckout(env);
    const first = await reviewOrder(page);
    expect(first.Items[0].quantity).to.equal(2);

    // another tab of the same browser changes the quantity on the cart page
    const other = await page.context().newPage();
    await other.goto(`${env.url}/cart`);
    await other.locator('li.cart-line input[name="quantity"]').fill('5');
    const reloaded = other.waitForEvent('load');
    await other.locator('li.cart-line form[data-cart-update] button[type="submit"]').click();
    await reloaded;
    await other.close();

    const before = await orderCount(env);
    const [rejected] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/_post/checkout/place-order')),
      page.click('[data-place-order]'),
    ]);
    expect(rejected.status()).to.equal(409);
    await page
      .locator('[data-checkout-status]')
      .filter({ hasText: 'Please review your order again.' })
      .waitFor();
    expect(await pendingOrder(page)).to.equal(null);
    expect(await orderCount(env)).to.equal(before);

    const fresh: Quote = await reviewOrder(page);
    expect(fresh.Items[0].quantity).to.equal(5);
    expect(fresh.Fingerprint).not.to.equal(first.Fingerprint);
    const id = await placeAndLand(page, '[data-place-order]');
    expect(await orderCount(env)).to.equal(before + 1);
    const [line] = await env.server.db('order_lines').where({ order_id: id }).select('quantity');
    expect(Number(line.quantity)).to.equal(5);
  });
});
