// storefront migrate [latest|status|rollback]
import type { Command } from 'commander';
import { CliError, printJson, withDatabase } from '../cli-kit.js';

/** Registers `storefront migrate`. */
export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('apply, list or roll back database migrations')
    .argument('[action]', 'latest | status | rollback', 'latest')
    .option('--database <url>', 'database URL (default: $DATABASE_URL, else sqlite:./storefront.sqlite)')
    .option('--all', 'with rollback: revert every migration, not just the last batch')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      `
Examples:
  $ storefront migrate
  $ storefront migrate status --json
  $ storefront migrate rollback --database mysql://shop:pw@127.0.0.1:3306/shop`,
    )
    .action(async (action: string, opts: { database?: string; all?: boolean; json?: boolean }) => {
      const { migrateLatest, migrateRollback, migrationStatus } = await import('../../runtime/migrate.js');
      if (!['latest', 'status', 'rollback'].includes(action)) {
        throw new CliError(
          `unknown migrate action ${JSON.stringify(action)} (use latest, status or rollback)`,
          2,
        );
      }
      await withDatabase({ database: opts.database }, async (db) => {
        if (action === 'latest') {
          const applied = await migrateLatest(db);
          if (opts.json) return printJson({ applied });
          console.log(
            applied.length
              ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}`
              : 'Already up to date.',
          );
        } else if (action === 'rollback') {
          const reverted = await migrateRollback(db, Boolean(opts.all));
          if (opts.json) return printJson({ reverted });
          console.log(
            reverted.length
              ? `Reverted ${reverted.length} migration(s):\n  ${reverted.join('\n  ')}`
              : 'Nothing to roll back.',
          );
        } else {
          const status = await migrationStatus(db);
          if (opts.json) return printJson(status);
          for (const name of status.applied) console.log(`applied  ${name}`);
          for (const name of status.pending) console.log(`pending  ${name}`);
          console.log(`${status.applied.length} applied, ${status.pending.length} pending`);
        }
      });
    });
}
