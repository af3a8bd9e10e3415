// storefront orders list [--site HOST] [--json] | storefront orders ship ORDER_ID --carrier NAME
//   --tracking-number NUM [--tracking-url URL]
import type { Command } from 'commander';
import { CliError, printJson, printTable, siteOf, withDatabase } from '../cli-kit.js';

function positiveInt(value: string): number {
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1)
    throw new CliError(`--limit must be a whole number from 1, got ${JSON.stringify(value)}`, 2);
  return Number(value);
}

/** Registers `storefront orders`. */
export function registerOrders(program: Command): void {
  const orders = program
    .command('orders')
    .description("list a website's orders and add shipments with tracking numbers");

  orders
    .command('list')
    .description('list the orders of a website, newest first (the default site unless --site)')
    .option('--site <host>', 'host of the website (default: the default site)')
    .option('--limit <n>', 'at most this many orders', '100')
    .option('--database <url>', 'database URL (default: $DATABASE_URL)')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExamples:\n  $ storefront orders list\n  $ storefront orders list --site shop.example.com --json',
    )
    .action(async (opts: { site?: string; limit: string; database?: string; json?: boolean }) => {
      const { assertMigrated } = await import('../../runtime/migrate.js');
      const { listOrders } = await import('../../runtime/orders/service.js');
      const limit = positiveInt(opts.limit);
      await withDatabase({ database: opts.database }, async (db) => {
        await assertMigrated(db);
        const site = await siteOf(db, opts.site);
        const all = await listOrders(db, site.id, limit);
        if (opts.json) return printJson(all);
        if (all.length === 0)
          return void console.log(`No orders on ${site.isDefault ? 'the default site' : site.host}.`);
        printTable(
          ['NUMBER', 'PLACED', 'STATUS', 'TOTAL', 'CUSTOMER', 'SHIPMENTS', 'ID'],
          all.map((o) => [
            o.number,
            o.placed_at,
            o.status,
            o.total.formatted,
            o.account_email ?? '(guest)',
            o.shipments,
            o.id,
          ]),
        );
      });
    });

  orders
    .command('ship')
    .description('add a shipment with a tracking number to an order and mark it shipped')
    .argument('<order>', 'order id (uuid), or an order number of --site such as SF-7KQ2M9XA')
    .requiredOption('--carrier <name>', 'carrier name, e.g. DHL')
    .requiredOption('--tracking-number <num>', "the carrier's tracking number (unique per website)")
    .option('--tracking-url <url>', 'public tracking page of the carrier (http or https only)')
    .option('--site <host>', 'website of an order number (default: the default site)')
    .option('--database <url>', 'database URL (default: $DATABASE_URL)')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExample:\n  $ storefront orders ship 3f2c…-uuid --carrier DHL --tracking-number JJD0001234 \\\n      --tracking-url https://www.dhl.com/track?id=JJD0001234',
    )
    .action(
      async (
        order: string,
        opts: {
          carrier: string;
          trackingNumber: string;
          trackingUrl?: string;
          site?: string;
          database?: string;
          json?: boolean;
        },
      ) => {
        const { assertMigrated } = await import('../../runtime/migrate.js');
        const { shipOrder } = await import('../../runtime/orders/service.js');
        await withDatabase({ database: opts.database }, async (db) => {
          await assertMigrated(db);
          const site = await siteOf(db, opts.site);
          // An OrderInputError is a UserError: main() prints its one line and exits 1.
          const shipment = await shipOrder(db, {
            order,
            siteId: site.id,
            carrier: opts.carrier,
            trackingNumber: opts.trackingNumber,
            trackingUrl: opts.trackingUrl,
          });
          if (opts.json) printJson(shipment);
          else
            console.log(
              `Order ${shipment.order_number} shipped with ${shipment.carrier}, tracking number ${shipment.tracking_number}.`,
            );
        });
      },
    );
}
