// The storefront program: registers each command and turns failures into one line + exit code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { packageRoot } from '../runtime/paths.js';
import { UserError } from '../runtime/user-error.js';
import { CliError } from './cli-kit.js';
import { registerMigrate } from './commands/migrate.js';
import { registerSeed } from './commands/seed.js';
import { registerSites } from './commands/sites.js';
import { registerServe } from './commands/serve.js';
import { registerAccounts } from './commands/accounts.js';
import { registerDev } from './commands/dev.js';
import { registerInit } from './commands/init.js';
import { registerCheckTheme } from './commands/check-theme.js';
import { registerOrders } from './commands/orders.js';
import { registerCatalog } from './commands/catalog.js';
import { registerInventory } from './commands/inventory.js';
import { registerLanguageServer } from './commands/language-server.js';

const version = (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string })
  .version;

/** Builds the commander program with every working command registered. */
export function buildProgram(): Command {
  const program = new Command('storefront')
    .description('Build, preview, lint and run a shop storefront website.')
    .version(version, '-V, --version')
    .option('--verbose', 'print stack traces for unexpected errors')
    .showHelpAfterError('(run with --help for usage)')
    // Before the commands are added, so they inherit it: usage errors become exit code 2 in main().
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .addHelpText(
      'after',
      `
Examples:
  $ storefront serve                        run the shop on http://127.0.0.1:3000 (embedded SQLite, demo data)
  $ storefront migrate                      create or update the database schema
  $ storefront seed                         load the demo catalog, accounts and orders
  $ DATABASE_URL=mysql://shop:pw@db:3306/shop storefront migrate status
  $ storefront sites add shop.example.com --name "Example Shop"`,
    );
  registerMigrate(program);
  registerSeed(program);
  registerSites(program);
  registerServe(program);
  registerAccounts(program);
  registerDev(program);
  registerInit(program);
  registerCheckTheme(program);
  registerOrders(program);
  registerCatalog(program);
  registerInventory(program);
  registerLanguageServer(program);
  return program;
}

/** Runs the CLI; resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  const verbose = argv.includes('--verbose');
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end with exit code 0; every other commander error is a usage error.
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof UserError) {
      process.stderr.write(`storefront: ${err.message}\n`);
      if (verbose) process.stderr.write(`${err.stack}\n`);
      return err instanceof CliError ? err.exitCode : 1;
    }
    process.stderr.write(`storefront: unexpected error: ${(err as Error)?.message ?? String(err)}\n`);
    if (verbose) process.stderr.write(`${(err as Error)?.stack}\n`);
    else process.stderr.write('(run again with --verbose for the stack trace)\n');
    return 1;
  }
}
