// Cart endpoints over a real server, on SQLite and MySQL: the guest session (created by the first
// write only), quantities (JSON and form), merging and the 999 cap, unknown/unavailable/foreign
// variants, price tampering, isolation between browsers, concurrency, and the no-script form posts.
import { expect } from 'chai';
import type { Db } from '../../runtime/db.js';
import { addSite, type Site } from '../../runtime/sites/store.js';
import { validateAgainst } from '../../runtime/schemas/validate.js';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';
import {
  browserWithCart,
  insertVariant,
  makeAccount,
  signIn,
  startCommerceServer,
  unavailableVariant,
  type VariantRow,
} from '../helpers/commerce.js';

function expectCartBody(res: TestResponse): void {
  expect(res.status, res.text).to.equal(200);
  expect(validateAgainst('cart-response', res.json), JSON.stringify(res.json)).to.deep.equal([]);
  expect(res.headers.get('cache-control')).to.include('no-store');
}

function quantities(res: TestResponse): Record<string, number> {
  return Object.fromEntries(
    (res.json.Items as Array<{ variant_id: string; quantity: number }>).map((i) => [
      i.variant_id,
      i.quantity,
    ]),
  );
}

forEachEngine('http/cart', (engineCtx) => {
  let server: TestServer;
  let db: Db;
  let site: Site;
  let v: VariantRow[];
  let gone: VariantRow;

  before(async function () {
    this.timeout(120000);
    ({ server, db, site, variants: v } = await startCommerceServer(engineCtx.url(), { variants: 4 }));
    gone = await unavailableVariant(db, site.id);
  });
  after(async () => {
    await server?.close();
  });

  describe('cart/get', () => {
    it('answers the empty cart to a visitor without a session, and creates none', async () => {
      const browser = new TestBrowser(server.url);
      const token = await browser.csrfToken('/');
      const before = await db('sessions').count({ n: '*' }).first();
      const res = await browser.postJson('/_post/cart/get', {}, token);
      expectCartBody(res);
      expect(res.json).to.deep.equal({ Items: [], Subtotal: 0, Currency: 'EUR', ItemCount: 0 });
      expect(browser.cookies.has('sf_session')).to.equal(false);
      expect(await db('sessions').count({ n: '*' }).first()).to.deep.equal(before);
    });

    it('requires the CSRF token like every /_post endpoint', async () => {
      const browser = new TestBrowser(server.url);
      await browser.csrfToken('/');
      for (const path of ['/_post/cart/get', '/_post/cart/add', '/_post/cart/update', '/_post/cart/remove']) {
        const res = await browser.postJson(path, { variant_id: v[0].id, quantity: 1 }, null);
        expect(res.status, path).to.equal(403);
        expect(res.json.error.code).to.equal('csrf_rejected');
      }
    });
  });

  describe('cart/add', () => {
    it('works without an earlier cart/get: creates the guest session and the line, prices from the database', async () => {
      const browser = new TestBrowser(server.url);
      const token = await browser.csrfToken('/');
      const res = await browser.postJson('/_post/cart/add', { variant_id: v[0].id, quantity: 2 }, token);
      expectCartBody(res);
      expect(browser.cookies.has('sf_session')).to.equal(true);
      expect(res.json.Items).to.have.length(1);
      const item = res.json.Items[0];
      expect(item).to.include({
        variant_id: v[0].id,
        quantity: 2,
        Available: true,
        UnitPrice: v[0].price_minor,
        LineTotal: v[0].price_minor * 2,
      });
      expect(res.json).to.include({ Subtotal: v[0].price_minor * 2, Currency: 'EUR', ItemCount: 2 });
      // The same browser reads the same cart back.
      expect((await browser.postJson('/_post/cart/get', {}, token)).json).to.deep.equal(res.json);
    });

    it('ignores a price and any other unknown key sent by the client', async () => {
      const { browser, token } = await browserWithCart(server.url, []);
      const res = await browser.postJson(
        '/_post/cart/add',
        {
          variant_id: v[1].id,
          quantity: 1,
          price: 1,
          price_minor: 1,
          UnitPrice: 1,
          LineTotal: 1,
          Subtotal: 1,
          currency: 'USD',
          cart_id: 'x',
        },
        token,
      );
      expectCartBody(res);
      expect(res.json.Items[0].UnitPrice).to.equal(v[1].price_minor);
      expect(res.json.Subtotal).to.equal(v[1].price_minor);
      expect(res.json.Currency).to.equal('EUR');
    });

    it('defaults a missing quantity to 1 and accepts an upper-case variant id', async () => {
      const { browser, token } = await browserWithCart(server.url, []);
      const res = await browser.postJson('/_post/cart/add', { variant_id: v[0].id.toUpperCase() }, token);
      expectCartBody(res);
      expect(quantities(res)).to.deep.equal({ [v[0].id]: 1 });
    });

    it('merges into an existing line up to 999 and rejects going past it, leaving the cart unchanged', async () => {
      const { browser, token } = await browserWithCart(server.url, [[v[0].id, 2]]);
      expect(
        quantities(await browser.postJson('/_post/cart/add', { variant_id: v[0].id, quantity: 3 }, token)),
      ).to.deep.equal({ [v[0].id]: 5 });
      expect(
        quantities(await browser.postJson('/_post/cart/add', { variant_id: v[0].id, quantity: 994 }, token)),
      ).to.deep.equal({ [v[0].id]: 999 });
      const over = await browser.postJson('/_post/cart/add', { variant_id: v[0].id, quantity: 1 }, token);
      expect(over.status).to.equal(422);
      expect(over.json.error.code).to.equal('quantity_invalid');
      expect(quantities(await browser.postJson('/_post/cart/get', {}, token))).to.deep.equal({
        [v[0].id]: 999,
      });
    });

    it('answers the documented outcome for quantity 0, 1000, -1, 2.5, "3" and null (422, cart unchanged)', async () => {
      const { browser, token } = await browserWithCart(server.url, [[v[0].id, 1]]);
      for (const quantity of [0, 1000, -1, 2.5, '3', null, true, '', [1], { n: 1 }]) {
        const res = await browser.postJson('/_post/cart/add', { variant_id: v[0].id, quantity }, token);
        expect(res.status, JSON.stringify(quantity)).to.equal(422);
        expect(res.json.error.code).to.equal('quantity_invalid');
      }
      expect(quantities(await browser.postJson('/_post/cart/get', {}, token))).to.deep.equal({
        [v[0].id]: 1,
      });
    });

    it("answers 404 variant_not_found for unknown, malformed and other sites' variants, creating no session", async () => {
      const other = await addSite(db, { host: `cart-other-${Date.now().toString(36)}.example` });
      const foreign = await insertVariant(db, other.id);
      const browser = new TestBrowser(server.url);
      const token = await browser.csrfToken('/');
      for (const variantId of [
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
        '',
        42,
        null,
        undefined,
        foreign,
      ]) {
        const res = await browser.postJson('/_post/cart/add', { variant_id: variantId, quantity: 1 }, token);
        expect(res.status, String(variantId)).to.equal(404);
        expect(res.json.error.code).to.equal('variant_not_found');
      }
      expect(browser.cookies.has('sf_session')).to.equal(false);
    });

    it('rejects an unavailable variant with 422 variant_unavailable', async () => {
      const { browser, token } = await browserWithCart(server.url, [[v[0].id, 1]]);
      const res = await browser.postJson('/_post/cart/add', { variant_id: gone.id, quantity: 1 }, token);
      expect(res.status).to.equal(422);
      expect(res.json.error.code).to.equal('variant_unavailable');
      expect(quantities(await browser.postJson('/_post/cart/get', {}, token))).to.deep.equal({
        [v[0].id]: 1,
      });
    });

    it('holds at most 100 distinct variants (422 cart_too_many_lines); existing lines still grow', async () => {
      const { browser, token } = await browserWithCart(server.url, [[v[0].id, 1]]);
      const cart = await db('carts')
        .where({ session_id: browser.cookies.get('sf_session')! })
        .first('id');
      const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
      for (let i = 0; i < 99; i++) {
        const id = await insertVariant(db, site.id);
        await db('cart_lines').insert({
          cart_id: cart.id,
          variant_id: id,
          site_id: site.id,
          quantity: 1,
          created_at: now,
          updated_at: now,
        });
      }
      const full = await browser.postJson('/_post/cart/add', { variant_id: v[1].id, quantity: 1 }, token);
      expect(full.status).to.equal(422);
      expect(full.json.error.code).to.equal('cart_too_many_lines');
      const grow = await browser.postJson('/_post/cart/add', { variant_id: v[0].id, quantity: 1 }, token);
      expectCartBody(grow);
      expect(grow.json.Items).to.have.length(100);
      expect(quantities(grow)[v[0].id]).to.equal(2);
    });

    it('keeps one line per variant when 20 adds of one session race', async () => {
      const { browser, token } = await browserWithCart(server.url, [[v[2].id, 1]]);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          browser.postJson('/_post/cart/add', { variant_id: v[2].id, quantity: 1 }, token),
        ),
      );
      for (const r of results) expect(r.status, r.text).to.equal(200);
      expect(quantities(await browser.postJson('/_post/cart/get', {}, token))).to.deep.equal({
        [v[2].id]: 21,
      });
    });

    it('creates exactly one cart when the first adds of a session race', async () => {
      const email = await makeAccount(db, site);
      const browser = await signIn(server.url, email); // a session without a cart
      const token = await browser.csrfToken('/');
      const results = await Promise.all(
        v.map((variant) =>
          browser.postJson('/_post/cart/add', { variant_id: variant.id, quantity: 1 }, token),
        ),
      );
      for (const r of results) expect(r.status, r.text).to.equal(200);
      const res = await browser.postJson('/_post/cart/get', {}, token);
      expect(Object.keys(quantities(res))).to.have.members(v.map((x) => x.id));
      const sessionId = browser.cookies.get('sf_session')!;
      expect(await db('carts').where({ session_id: sessionId }).select('id')).to.have.length(1);
    });
  });

  describe('cart/update and cart/remove', () => {
    it('sets a quantity; 0, 1000, -1, 2.5, "3" and null are 422 quantity_invalid', async () => {
      const { browser, token } = await browserWithCart(server.url, [
        [v[0].id, 1],
        [v[1].id, 2],
      ]);
      const res = await browser.postJson(
        '/_post/cart/update',
        { variant_id: v[1].id, quantity: 7, price: 0 },
        token,
      );
      expectCartBody(res);
      expect(quantities(res)).to.deep.equal({ [v[0].id]: 1, [v[1].id]: 7 });
      for (const quantity of [0, 1000, -1, 2.5, '3', null, undefined]) {
        const bad = await browser.postJson('/_post/cart/update', { variant_id: v[1].id, quantity }, token);
        expect(bad.status, JSON.stringify(quantity)).to.equal(422);
        expect(bad.json.error.code).to.equal('quantity_invalid');
      }
      expect(
        quantities(
          await browser.postJson('/_post/cart/update', { variant_id: v[1].id, quantity: 999 }, token),
        )[v[1].id],
      ).to.equal(999);
    });

    it('answers 404 for a variant that is not in the cart (update) and leaves the cart as it is (remove)', async () => {
      const { browser, token } = await browserWithCart(server.url, [[v[0].id, 1]]);
      const update = await browser.postJson(
        '/_post/cart/update',
        { variant_id: v[3].id, quantity: 2 },
        token,
      );
      expect(update.status).to.equal(404);
      expect(update.json.error.code).to.equal('variant_not_found');
      const remove = await browser.postJson('/_post/cart/remove', { variant_id: v[3].id }, token);
      expectCartBody(remove);
      expect(quantities(remove)).to.deep.equal({ [v[0].id]: 1 });
      expect((await browser.postJson('/_post/cart/remove', { variant_id: 'nope' }, token)).status).to.equal(
        404,
      );
    });

    it('removes a line', async () => {
      const { browser, token } = await browserWithCart(server.url, [
        [v[0].id, 1],
        [v[1].id, 1],
      ]);
      const res = await browser.postJson('/_post/cart/remove', { variant_id: v[0].id }, token);
      expectCartBody(res);
      expect(quantities(res)).to.deep.equal({ [v[1].id]: 1 });
    });

    it('keeps a line that became unavailable: marked, left out of Subtotal, still updatable and removable', async () => {
      const soon = await insertVariant(db, site.id, { price: 700 });
      const { browser, token } = await browserWithCart(server.url, [
        [v[0].id, 1],
        [soon, 2],
      ]);
      await db('variants').where({ id: soon }).update({ available: false });
      const res = await browser.postJson('/_post/cart/get', {}, token);
      expectCartBody(res);
      const line = res.json.Items.find((i: { variant_id: string }) => i.variant_id === soon);
      expect(line).to.include({ Available: false, quantity: 2, UnitPrice: 700 });
      expect(res.json.Subtotal).to.equal(v[0].price_minor);
      expect(res.json.ItemCount).to.equal(1);
      expect(
        quantities(await browser.postJson('/_post/cart/update', { variant_id: soon, quantity: 1 }, token))[
          soon
        ],
      ).to.equal(1);
      expect(
        quantities(await browser.postJson('/_post/cart/remove', { variant_id: soon }, token)),
      ).to.deep.equal({ [v[0].id]: 1 });
    });

    it("never reaches another browser's cart", async () => {
      const { browser: a, token: aToken } = await browserWithCart(server.url, [[v[0].id, 3]]);
      const b = new TestBrowser(server.url);
      const bToken = await b.csrfToken('/');
      expect((await b.postJson('/_post/cart/get', {}, bToken)).json.Items).to.deep.equal([]);
      expect(
        (await b.postJson('/_post/cart/update', { variant_id: v[0].id, quantity: 1 }, bToken)).status,
      ).to.equal(404);
      await b.postJson('/_post/cart/remove', { variant_id: v[0].id }, bToken);
      await b.postJson('/_post/cart/add', { variant_id: v[1].id, quantity: 1 }, bToken);
      expect(quantities(await a.postJson('/_post/cart/get', {}, aToken))).to.deep.equal({ [v[0].id]: 3 });
      expect(quantities(await b.postJson('/_post/cart/get', {}, bToken))).to.deep.equal({ [v[1].id]: 1 });
    });
  });

  describe('HTML form posts (no script)', () => {
    it('add, update (0 removes) and remove answer 303 to /cart; the page shows the cart and is private', async () => {
      const browser = new TestBrowser(server.url);
      const token = await browser.csrfToken('/');
      const add = await browser.postForm('/_post/cart/add', {
        _token: token,
        variant_id: v[0].id,
        quantity: '3',
        price: '0',
      });
      expect(add.status, add.text).to.equal(303);
      expect(add.headers.get('location')).to.equal('/cart');
      await browser.postForm('/_post/cart/add', { _token: token, variant_id: v[1].id, quantity: '1' });
      let page = await browser.get('/cart');
      expect(page.status).to.equal(200);
      expect(page.headers.get('cache-control')).to.equal('private, no-store');
      expect(page.headers.get('vary')).to.match(/cookie/i);
      expect(page.text).to.include('4 items');
      expect(page.text).to.include(`data-variant-id="${v[0].id}"`);

      const update = await browser.postForm('/_post/cart/update', {
        _token: token,
        variant_id: v[0].id,
        quantity: '5',
      });
      expect(update.status).to.equal(303);
      const zero = await browser.postForm('/_post/cart/update', {
        _token: token,
        variant_id: v[1].id,
        quantity: '0',
      });
      expect(zero.status).to.equal(303);
      page = await browser.get('/cart');
      expect(page.text).to.include('5 items');
      expect(page.text).not.to.include(`data-variant-id="${v[1].id}"`);
      const remove = await browser.postForm('/_post/cart/remove', { _token: token, variant_id: v[0].id });
      expect(remove.status).to.equal(303);
      expect((await browser.get('/cart')).text).to.include('0 items');
    });

    it('re-renders the cart page with the error and its status for invalid input', async () => {
      const { browser, token } = await browserWithCart(server.url, [[v[0].id, 1]]);
      const zero = await browser.postForm('/_post/cart/add', {
        _token: token,
        variant_id: v[0].id,
        quantity: '0',
      });
      expect(zero.status).to.equal(422);
      expect(zero.text).to.include('data-code="quantity_invalid"');
      expect(zero.headers.get('cache-control')).to.include('no-store');
      const decimal = await browser.postForm('/_post/cart/update', {
        _token: token,
        variant_id: v[0].id,
        quantity: '2.5',
      });
      expect(decimal.status).to.equal(422);
      const unknown = await browser.postForm('/_post/cart/add', {
        _token: token,
        variant_id: 'nope',
        quantity: '1',
      });
      expect(unknown.status).to.equal(404);
      expect(unknown.text).to.include('data-code="variant_not_found"');
      const unavailable = await browser.postForm('/_post/cart/add', {
        _token: token,
        variant_id: gone.id,
        quantity: '1',
      });
      expect(unavailable.status).to.equal(422);
      expect(quantities(await browser.postJson('/_post/cart/get', {}, token))).to.deep.equal({
        [v[0].id]: 1,
      });
    });
  });
});
