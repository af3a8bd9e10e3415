// `storefront inventory set|adjust` (the commander program run in-process, no build needed), on
// SQLite and MySQL: set, stop tracking, adjust up and down, the site's own SKUs only, and the
// one-line refusals (unknown SKU, bad numbers, a result below 0, an untracked variant).
import { expect } from 'chai';
import { createDb, type Db } from '../../runtime/db.js';
import { addSite, findSiteByHostExact, type Site } from '../../runtime/sites/store.js';
import { storefront } from '../helpers/cli.js';
import { prepareDatabase } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';

const SKU = 'FH-OUT-STOOL';

forEachEngine('bin/inventory (storefront inventory)', (engineCtx) => {
  let url: string;
  let db: Db;
  let site: Site;

  before(async function () {
    this.timeout(120000);
    url = engineCtx.url();
    await prepareDatabase(url);
    db = createDb(url);
    site = (await findSiteByHostExact(db, undefined))!;
    await addSite(db, { host: 'inventory-cli-other.example' });
  });
  after(async () => {
    await db?.destroy();
  });

  const stock = async () =>
    ((await db('variants').where({ site_id: site.id, sku: SKU }).first('stock')) as { stock: number | null })
      .stock;

  /** Expects a one-line refusal with this exit code whose line includes `text`; stock unchanged. */
  async function refused(args: string[], code: number, text: string): Promise<void> {
    const before = await stock();
    const res = await storefront([...args, '--database', url]);
    expect(res.code, res.stderr).to.equal(code);
    const lines = res.stderr.trim().split('\n');
    expect(lines, res.stderr).to.have.length(1);
    expect(lines[0]).to.include(text);
    expect(await stock()).to.equal(before);
  }

  it('sets the stock, adjusts it up and down (also "-N" without "--"), and stops tracking with none', async () => {
    expect(await stock()).to.equal(null);
    const set = await storefront(['inventory', 'set', SKU, '7', '--database', url]);
    expect(set.code, set.stderr).to.equal(0);
    expect(set.stdout.trim()).to.equal(`${SKU}: 7 in stock.`);
    expect(await stock()).to.equal(7);

    const up = await storefront(['inventory', 'adjust', SKU, '+5', '--database', url, '--json']);
    expect(up.code, up.stderr).to.equal(0);
    expect(JSON.parse(up.stdout)).to.include({ sku: SKU, stock: 12 });
    const down = await storefront(['inventory', 'adjust', SKU, '-12', '--database', url]);
    expect(down.code, down.stderr).to.equal(0);
    expect(down.stdout.trim()).to.equal(`${SKU}: 0 in stock.`);
    expect(await stock()).to.equal(0);

    const none = await storefront(['inventory', 'set', SKU, 'none', '--database', url, '--json']);
    expect(none.code, none.stderr).to.equal(0);
    expect(JSON.parse(none.stdout)).to.include({ sku: SKU, stock: null });
    expect(await stock()).to.equal(null);
  });

  it("refuses an unknown SKU, another site's SKU, bad numbers, a result below 0 and an untracked variant, in one line", async () => {
    await refused(['inventory', 'set', 'NO-SUCH-SKU', '3'], 1, 'no variant with SKU "NO-SUCH-SKU"');
    await refused(
      ['inventory', 'set', SKU, '3', '--site', 'inventory-cli-other.example'],
      1,
      `no variant with SKU "${SKU}"`,
    );
    await refused(['inventory', 'set', SKU, '-1'], 2, 'whole number from 0');
    await refused(['inventory', 'set', SKU, '2.5'], 2, 'whole number from 0');
    await refused(['inventory', 'set', SKU, 'lots'], 2, 'whole number from 0');
    await refused(['inventory', 'adjust', SKU, '+2'], 1, 'not tracked');
    expect((await storefront(['inventory', 'set', SKU, '3', '--database', url])).code).to.equal(0);
    await refused(['inventory', 'adjust', SKU, '-4'], 1, 'would go below 0 (3 - 4 = -1)');
    await refused(['inventory', 'adjust', SKU, '0'], 2, 'other than 0');
    await refused(['inventory', 'adjust', SKU, 'x'], 2, 'other than 0');
    await refused(['inventory', 'adjust', 'NO-SUCH-SKU', '+1'], 1, 'no variant with SKU');
    expect(await stock()).to.equal(3);
    await storefront(['inventory', 'set', SKU, 'none', '--database', url]);
  });
});
