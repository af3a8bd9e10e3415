// storefront sites add HOST [--name NAME] | storefront sites list [--json]
import type { Command } from 'commander';
import { printJson, printTable, withDatabase } from '../cli-kit.js';

/** Registers `storefront sites`. */
export function registerSites(program: Command): void {
  const sites = program
    .command('sites')
    .description('list and add websites (each host is a separate shop with its own accounts and orders)');

  sites
    .command('add')
    .description('add a website answering on HOST')
    .argument('<host>', 'host name, e.g. shop.example.com')
    .option('--name <name>', 'display name of the shop')
    .option('--database <url>', 'database URL (default: $DATABASE_URL)')
    .option('--json', 'machine-readable output')
    .addHelpText('after', '\nExample:\n  $ storefront sites add shop.example.com --name "Example Shop"')
    .action(async (host: string, opts: { name?: string; database?: string; json?: boolean }) => {
      const { addSite } = await import('../../runtime/sites/store.js');
      const { assertMigrated } = await import('../../runtime/migrate.js');
      await withDatabase({ database: opts.database }, async (db) => {
        await assertMigrated(db);
        // A SiteInputError is a UserError: main() prints its one line and exits 1.
        const site = await addSite(db, { host, name: opts.name });
        if (opts.json) printJson(site);
        else console.log(`Added site ${site.host} (${site.name}), id ${site.id}`);
      });
    });

  sites
    .command('list')
    .description('list websites; the default site answers every host no other site claims')
    .option('--database <url>', 'database URL (default: $DATABASE_URL)')
    .option('--json', 'machine-readable output')
    .action(async (opts: { database?: string; json?: boolean }) => {
      const { listSites } = await import('../../runtime/sites/store.js');
      const { assertMigrated } = await import('../../runtime/migrate.js');
      await withDatabase({ database: opts.database }, async (db) => {
        await assertMigrated(db);
        const all = await listSites(db);
        if (opts.json) return printJson(all);
        printTable(
          ['HOST', 'NAME', 'ID', 'CREATED'],
          all.map((s) => [s.isDefault ? '(default: any other host)' : s.host, s.name, s.id, s.createdAt]),
        );
      });
    });
}
