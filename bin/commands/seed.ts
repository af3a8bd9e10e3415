// storefront seed [--fixtures FILE] [--site HOST]
import type { Command } from 'commander';
import { defaultFixturesFile } from '../../runtime/paths.js';
import { CliError, printJson, withDatabase } from '../cli-kit.js';

/** Registers `storefront seed`. */
export function registerSeed(program: Command): void {
  program
    .command('seed')
    .description('load the demo data (or your fixtures file) into a site; running it twice changes nothing')
    .option('--fixtures <file>', 'fixtures JSON file', defaultFixturesFile)
    .option('--site <host>', 'host of the site to seed (default: the default site)')
    .option('--database <url>', 'database URL (default: $DATABASE_URL, else sqlite:./storefront.sqlite)')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExamples:\n  $ storefront seed\n  $ storefront seed --fixtures my-shop.json --site shop.example.com',
    )
    .action(async (opts: { fixtures: string; site?: string; database?: string; json?: boolean }) => {
      const { assertMigrated } = await import('../../runtime/migrate.js');
      const { FixtureError, loadFixtures } = await import('../../runtime/fixtures/load.js');
      const { seedFixtures } = await import('../../runtime/fixtures/seed.js');
      const { findSiteByHostExact } = await import('../../runtime/sites/store.js');
      let fixtures;
      try {
        fixtures = loadFixtures(opts.fixtures);
      } catch (err) {
        if (err instanceof FixtureError)
          throw new CliError(err.problems.length === 1 ? err.message : `invalid fixtures:\n${err.message}`);
        throw err;
      }
      await withDatabase({ database: opts.database }, async (db) => {
        await assertMigrated(db);
        const site = await findSiteByHostExact(db, opts.site);
        if (!site)
          throw new CliError(`no site for host ${JSON.stringify(opts.site)} (see \`storefront sites list\`)`);
        const report = await seedFixtures(db, site, fixtures);
        if (opts.json) return printJson(report);
        console.log(
          report.changed === 0
            ? `Nothing to change: ${site.host ?? 'the default site'} already holds these fixtures.`
            : `Seeded ${site.host ?? 'the default site'}: ${report.products} products, ${report.variants} variants, ${report.accounts} accounts, ${report.orders} orders, ${report.shipments} shipments written.`,
        );
      });
    });
}
