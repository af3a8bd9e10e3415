// storefront sites add HOST [--name NAME] [--locale L] | storefront sites update [HOST] [--name NAME] [--locale L]
// | storefront sites list [--json]
import type { Command } from 'commander';
import { CliError, printJson, printTable, siteOf, withDatabase } from '../cli-kit.js';

interface SiteOptions {
  name?: string;
  locale?: string;
  database?: string;
  json?: boolean;
}

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
    .option('--locale <tag>', 'BCP 47 locale of its pages, money and dates (en, en-GB, fr, pt-BR)', 'en')
    .option('--database <url>', 'database URL (default: $DATABASE_URL)')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExamples:\n  $ storefront sites add shop.example.com --name "Example Shop"\n  $ storefront sites add boutique.example.fr --name "La Boutique" --locale fr',
    )
    .action(async (host: string, opts: SiteOptions) => {
      const { addSite } = await import('../../runtime/sites/store.js');
      const { assertMigrated } = await import('../../runtime/migrate.js');
      await withDatabase({ database: opts.database }, async (db) => {
        await assertMigrated(db);
        // A SiteInputError is a UserError: main() prints its one line and exits 1.
        const site = await addSite(db, { host, name: opts.name, locale: opts.locale });
        if (opts.json) printJson(site);
        else console.log(`Added site ${site.host} (${site.name}, ${site.locale}), id ${site.id}`);
      });
    });

  sites
    .command('update')
    .description(
      'change the name or locale of the website answering on HOST (without HOST: the default site)',
    )
    .argument('[host]', 'host name of an existing site, e.g. shop.example.com; the default site when absent')
    .option('--name <name>', 'display name of the shop')
    .option('--locale <tag>', 'BCP 47 locale of its pages, money and dates (en, en-GB, fr, pt-BR)')
    .option('--database <url>', 'database URL (default: $DATABASE_URL)')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExamples:\n  $ storefront sites update shop.example.com --locale fr\n  $ storefront sites update shop.example.com --name "Example Shop" --locale en-GB\n  $ storefront sites update --locale fr          # the default site',
    )
    .action(async (host: string | undefined, opts: SiteOptions) => {
      const { updateSite } = await import('../../runtime/sites/store.js');
      const { assertMigrated } = await import('../../runtime/migrate.js');
      if (opts.name === undefined && opts.locale === undefined)
        throw new CliError('sites update: give --name and/or --locale', 2);
      await withDatabase({ database: opts.database }, async (db) => {
        await assertMigrated(db);
        // An unknown host or a bad name or locale is a UserError: main() prints its one line and exits 1.
        const found = await siteOf(db, host);
        const site = (await updateSite(db, found.id, { name: opts.name, locale: opts.locale }))!;
        if (opts.json) printJson(site);
        else console.log(`Updated site ${site.host ?? '(default)'} (${site.name}, ${site.locale})`);
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
          ['HOST', 'NAME', 'LOCALE', 'ID', 'CREATED'],
          all.map((s) => [
            s.isDefault ? '(default: any other host)' : s.host,
            s.name,
            s.locale,
            s.id,
            s.createdAt,
          ]),
        );
      });
    });
}
