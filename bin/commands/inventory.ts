// storefront inventory set SKU N|none [--site HOST] [--json]
// storefront inventory adjust SKU ±N [--site HOST] [--json]
import type { Command } from 'commander';
import { CliError, printJson, siteOf, withDatabase } from '../cli-kit.js';

interface InventoryOptions {
  site?: string;
  database?: string;
  json?: boolean;
}

/** The largest count (as runtime/catalog/stock.ts MAX_STOCK; not imported, to keep --help light). */
const MAX_STOCK = 2_000_000_000;

/** N (0 … MAX_STOCK) or `none` (null: stop tracking). */
function parseCount(value: string): number | null {
  const v = value.trim();
  if (v.toLowerCase() === 'none') return null;
  if (!/^\d{1,10}$/.test(v) || Number(v) > MAX_STOCK)
    throw new CliError(
      `the stock must be a whole number from 0 to ${MAX_STOCK}, or "none" to stop tracking it; got ${JSON.stringify(value)}`,
      2,
    );
  return Number(v);
}

/** A signed change such as +5, -2 or 3 (not 0). */
function parseDelta(value: string): number {
  const v = value.trim();
  if (!/^[+-]?\d{1,10}$/.test(v) || Math.abs(Number(v)) > MAX_STOCK || Number(v) === 0)
    throw new CliError(
      `the change must be a whole number other than 0 such as +5 or -2 (at most ${MAX_STOCK}); got ${JSON.stringify(value)}`,
      2,
    );
  return Number(v);
}

function print(result: { sku: string; variant_id: string; stock: number | null }, json?: boolean): void {
  if (json) return printJson(result);
  console.log(
    result.stock === null ? `${result.sku}: stock not tracked.` : `${result.sku}: ${result.stock} in stock.`,
  );
}

const siteOption = ['--site <host>', 'host of the website (default: the default site)'] as const;
const databaseOption = ['--database <url>', 'database URL (default: $DATABASE_URL)'] as const;

/** Registers `storefront inventory`. */
export function registerInventory(program: Command): void {
  const inventory = program
    .command('inventory')
    .description('set or adjust the stock of a variant (by SKU); untracked variants never sell out');

  inventory
    .command('set')
    .description('set the units in stock of a variant, or "none" to stop tracking its stock')
    .argument('<sku>', 'the SKU of the variant')
    .argument('<count>', 'units in stock (0 makes the variant unavailable), or none')
    .option(...siteOption)
    .option(...databaseOption)
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExamples:\n  $ storefront inventory set FH-OUT-STOOL 12\n  $ storefront inventory set FH-OUT-STOOL none --site shop.example.com',
    )
    .action(async (sku: string, count: string, opts: InventoryOptions) => {
      const stock = parseCount(count);
      const { assertMigrated } = await import('../../runtime/migrate.js');
      const { setStock } = await import('../../runtime/catalog/stock.js');
      await withDatabase({ database: opts.database }, async (db) => {
        await assertMigrated(db);
        const site = await siteOf(db, opts.site);
        print(await setStock(db, site.id, sku, stock), opts.json);
      });
    });

  inventory
    .command('adjust')
    .description('add to (+N) or take from (-N) the stock of a tracked variant; never below 0')
    .argument('<sku>', 'the SKU of the variant')
    .argument('<change>', 'signed number of units, e.g. +10 or -2')
    .option(...siteOption)
    .option(...databaseOption)
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExamples:\n  $ storefront inventory adjust FH-OUT-STOOL +10\n  $ storefront inventory adjust FH-OUT-STOOL -2 --json',
    )
    .action(async (sku: string, change: string, opts: InventoryOptions) => {
      const delta = parseDelta(change);
      const { assertMigrated } = await import('../../runtime/migrate.js');
      const { adjustStock } = await import('../../runtime/catalog/stock.js');
      await withDatabase({ database: opts.database }, async (db) => {
        await assertMigrated(db);
        const site = await siteOf(db, opts.site);
        print(await adjustStock(db, site.id, sku, delta), opts.json);
      });
    });
}
