// `storefront orders list|ship` (the commander program run in-process, no build needed), on SQLite
// and MySQL: listing, shipping with a tracking number and URL, and the one-line refusals.
import { expect } from 'chai';
import { createDb, type Db } from '../../runtime/db.js';
import { addSite, findSiteByHostExact, type Site } from '../../runtime/sites/store.js';
import { newId } from '../../runtime/ids.js';
import { dbNow } from '../../runtime/time.js';
import { storefront } from '../helpers/cli.js';
import { prepareDatabase } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';

/** An order of the site with no shipments, inserted directly. */
async function insertOrder(db: Db, siteId: string, number: string): Promise<string> {
  const id = newId();
  const now = dbNow();
  await db('orders').insert({
    id,
    site_id: siteId,
    number,
    account_id: null,
    session_id: null,
    status: 'placed',
    currency: 'EUR',
    subtotal_minor: 1000,
    shipping_minor: 495,
    tax_minor: 299,
    discount_minor: 0,
    total_minor: 1794,
    shipping_address: '{}',
    note: '',
    placed_at: now,
    created_at: now,
  });
  return id;
}

forEachEngine('bin/orders (storefront orders)', (engineCtx) => {
  let url: string;
  let db: Db;
  let site: Site;
  let other: Site;
  let orderId: string;
  let otherOrderId: string;

  before(async function () {
    this.timeout(120000);
    url = engineCtx.url();
    await prepareDatabase(url);
    db = createDb(url);
    site = (await findSiteByHostExact(db, undefined))!;
    other = await addSite(db, { host: 'orders-cli-other.example' });
    orderId = await insertOrder(db, site.id, 'SF-CLITEST1');
    otherOrderId = await insertOrder(db, other.id, 'SF-CLITEST2');
  });
  after(async () => {
    await db?.destroy();
  });

  it('lists the orders of the default site (table and --json), and of --site', async () => {
    const table = await storefront(['orders', 'list', '--database', url]);
    expect(table.code, table.stderr).to.equal(0);
    expect(table.stdout).to.include('NUMBER');
    expect(table.stdout).to.include('SF-CLITEST1');
    expect(table.stdout).to.include('demo@example.com');
    const json = await storefront(['orders', 'list', '--database', url, '--json']);
    const rows = JSON.parse(json.stdout) as Array<{ id: string; number: string; total: { amount: number } }>;
    expect(rows.find((r) => r.id === orderId)).to.include({ number: 'SF-CLITEST1' });
    expect(rows.some((r) => r.id === otherOrderId)).to.equal(false);
    const there = JSON.parse(
      (
        await storefront([
          'orders',
          'list',
          '--database',
          url,
          '--site',
          'orders-cli-other.example',
          '--json',
        ])
      ).stdout,
    ) as Array<{ id: string }>;
    expect(there.map((r) => r.id)).to.deep.equal([otherOrderId]);
    const unknown = await storefront(['orders', 'list', '--database', url, '--site', 'nope.example']);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr.trim().split('\n')).to.have.length(1);
  });

  it('ships an order: a shipment with the normalized tracking number, the order marked shipped', async () => {
    const res = await storefront([
      'orders',
      'ship',
      orderId,
      '--carrier',
      'DHL',
      '--tracking-number',
      'jjd 0001',
      '--tracking-url',
      'https://www.dhl.com/track?id=JJD0001',
      '--database',
      url,
      '--json',
    ]);
    expect(res.code, res.stderr).to.equal(0);
    const shipment = JSON.parse(res.stdout);
    expect(shipment).to.include({
      order_id: orderId,
      carrier: 'DHL',
      tracking_number: 'JJD0001',
      tracking_url: 'https://www.dhl.com/track?id=JJD0001',
    });
    expect(await db('shipments').where({ order_id: orderId }).select('tracking_number')).to.deep.equal([
      { tracking_number: 'JJD0001' },
    ]);
    expect((await db('orders').where({ id: orderId }).first('status')).status).to.equal('shipped');
    // By order number on --site, without a URL.
    const byNumber = await storefront([
      'orders',
      'ship',
      'SF-CLITEST2',
      '--site',
      'orders-cli-other.example',
      '--carrier',
      'UPS',
      '--tracking-number',
      'JJD0001',
      '--database',
      url,
    ]);
    expect(byNumber.code, byNumber.stderr).to.equal(0); // the same number is fine on another website
    expect(byNumber.stdout).to.include('SF-CLITEST2');
  });

  it('refuses non-http(s) tracking URLs with one line and exit 1', async () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hi',
      'ftp://example.com/x',
      'not a url',
      '//example.com/x',
    ]) {
      const res = await storefront([
        'orders',
        'ship',
        orderId,
        '--carrier',
        'DHL',
        '--tracking-number',
        `X${Date.now()}`,
        '--tracking-url',
        bad,
        '--database',
        url,
      ]);
      expect(res.code, bad).to.equal(1);
      expect(res.stderr.trim().split('\n'), res.stderr).to.have.length(1);
      expect(res.stderr).to.match(/^storefront: tracking URL/);
    }
    expect(await db('shipments').where({ order_id: orderId })).to.have.length(1);
  });

  it('refuses a tracking number already used on the site, and unknown orders, with one line and exit 1', async () => {
    const dup = await storefront([
      'orders',
      'ship',
      orderId,
      '--carrier',
      'DHL',
      '--tracking-number',
      'JJD0001',
      '--database',
      url,
    ]);
    expect(dup.code).to.equal(1);
    expect(dup.stderr).to.match(/^storefront: tracking number JJD0001 is already used/);
    expect(dup.stderr.trim().split('\n')).to.have.length(1);
    const demoNumber = await storefront([
      'orders',
      'ship',
      orderId,
      '--carrier',
      'DHL',
      '--tracking-number',
      'pw4820017365gb',
      '--database',
      url,
    ]);
    expect(demoNumber.code).to.equal(1);
    const missing = await storefront([
      'orders',
      'ship',
      newId(),
      '--carrier',
      'DHL',
      '--tracking-number',
      'NEW1',
      '--database',
      url,
    ]);
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.match(/^storefront: no order/);
    const badNumber = await storefront([
      'orders',
      'ship',
      orderId,
      '--carrier',
      'DHL',
      '--tracking-number',
      '<script>',
      '--database',
      url,
    ]);
    expect(badNumber.code).to.equal(1);
    const noCarrier = await storefront([
      'orders',
      'ship',
      orderId,
      '--tracking-number',
      'NEW2',
      '--database',
      url,
    ]);
    expect(noCarrier.code).to.equal(2);
    expect(await db('shipments').where({ order_id: orderId })).to.have.length(1);
  });
});
