// `storefront catalog import|export` (the commander program run in-process), on SQLite and MySQL:
// exit codes, the one-line errors, --dry-run, --json and an export that imports back.
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../../runtime/db.js';
import { migrateLatest } from '../../runtime/migrate.js';
import { addSite } from '../../runtime/sites/store.js';
import { storefront } from '../helpers/cli.js';
import { forEachEngine } from '../helpers/engines.js';

const CSV = `slug,name,description,category,sku,variant_name,price,currency,inventory,available,image,image_alt,position
mug,Mug,White,kitchen,MUG-S,Small,10.90,EUR,5,true,,,0
mug,,,,MUG-L,Large,12.50,EUR,,true,,,
tee,T-shirt,Cotton,clothes,TEE-M,M,19.00,EUR,,true,,,1
`;

forEachEngine('storefront catalog', (ctx) => {
  let dir: string;
  const host = `cli-${ctx.engine}.example`;
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const run = (...args: string[]) => storefront(['catalog', ...args, '--database', ctx.url()]);

  before(async function () {
    this.timeout(60000);
    const db = createDb(ctx.url());
    try {
      await migrateLatest(db);
      await addSite(db, { host, name: 'CLI' });
    } finally {
      await db.destroy();
    }
    dir = mkdtempSync(join(tmpdir(), 'storefront-catalog-cli-'));
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('one bad row: exit 1, one line naming file, line and column, nothing written', async () => {
    const bad = file('bad.csv', CSV.replace('19.00', '19.0.0'));
    const r = await run('import', bad, '--site', host);
    expect(r.code).to.equal(1);
    expect(r.stderr.trim().split('\n')).to.have.length(1);
    expect(r.stderr).to.contain(`${bad}:4: price:`).and.contain('nothing written');
    const exported = await run('export', '--site', host);
    expect(exported.code).to.equal(0);
    expect(exported.stdout.trim().split('\n')).to.have.length(1); // the header only
  });

  it('several problems with --json: the list on stdout, exit 1', async () => {
    const bad = file('bad2.csv', CSV.replace('19.00', 'x').replace('EUR,5', 'EURO,5'));
    const r = await run('import', bad, '--site', host, '--json');
    expect(r.code).to.equal(1);
    const body = JSON.parse(r.stdout) as { ok: boolean; problems: Array<{ line: number; column: string }> };
    expect(body.ok).to.equal(false);
    expect(body.problems.map((p) => `${p.line}:${p.column}`)).to.have.members(['2:currency', '4:price']);
    expect(r.stderr).to.contain('2 problems; nothing written');
  });

  it('--dry-run --json lists what would be created; then import, re-import changes nothing', async () => {
    const good = file('good.csv', CSV);
    const dry = await run('import', good, '--site', host, '--dry-run', '--json');
    expect(dry.code).to.equal(0);
    const plan = JSON.parse(dry.stdout) as { dry_run: boolean; lists: { products: { created: string[] } } };
    expect(plan.dry_run).to.equal(true);
    expect(plan.lists.products.created).to.deep.equal(['mug', 'tee']);

    const done = await run('import', good, '--site', host);
    expect(done.code).to.equal(0);
    expect(done.stdout).to.contain('products 2 created').and.contain('variants 3 created');
    const again = await run('import', good, '--site', host);
    expect(again.stdout).to.contain('products 0 created, 0 updated, 2 unchanged');
  });

  it('export --output writes a file that imports back unchanged; unknown site and format fail', async () => {
    const out = join(dir, 'out.json');
    const r = await run('export', '--format', 'json', '--site', host, '--output', out);
    expect(r.code).to.equal(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).products).to.have.length(2);
    const back = await run('import', out, '--site', host, '--json');
    expect(JSON.parse(back.stdout)).to.deep.include({
      products: { created: 0, updated: 0, unchanged: 2, archived: 0 },
    });
    expect((await run('export', '--site', 'nope.example')).code).to.equal(1);
    expect((await run('export', '--format', 'xml', '--site', host)).code).to.equal(2);
    expect((await run('import', join(dir, 'missing.csv'), '--site', host)).stderr).to.contain(
      'cannot read: ENOENT',
    );
  });
});
