// storefront accounts list [--site HOST] [--json] | accounts block EMAIL | accounts unblock EMAIL
import type { Command } from 'commander';
import type { Site } from '../../runtime/sites/store.js';
import { CliError, printJson, printTable, siteOf, withDatabase } from '../cli-kit.js';

interface SiteFlags {
  site?: string;
  database?: string;
  json?: boolean;
}

function siteLabel(site: Site): string {
  return site.isDefault ? 'the default site' : site.host!;
}

async function changeBlock(email: string, opts: SiteFlags, blocked: boolean): Promise<void> {
  const { assertMigrated } = await import('../../runtime/migrate.js');
  const { AccountNotFoundError, blockAccount, unblockAccount } =
    await import('../../runtime/accounts/service.js');
  await withDatabase({ database: opts.database }, async (db) => {
    await assertMigrated(db);
    const site = await siteOf(db, opts.site);
    let id: string;
    try {
      id = blocked ? await blockAccount(db, site.id, email) : await unblockAccount(db, site.id, email);
    } catch (err) {
      if (err instanceof AccountNotFoundError)
        throw new CliError(`no account with email ${email} on ${siteLabel(site)}`);
      throw err;
    }
    if (opts.json)
      printJson({ id, email: email.trim().toLowerCase(), status: blocked ? 'blocked' : 'active' });
    else
      console.log(
        blocked
          ? `Blocked ${email} on ${siteLabel(site)}; its sessions have ended.`
          : `Unblocked ${email} on ${siteLabel(site)}.`,
      );
  });
}

/** Registers `storefront accounts`. */
export function registerAccounts(program: Command): void {
  const accounts = program
    .command('accounts')
    .description('list customer accounts of a website, block and unblock them');

  accounts
    .command('list')
    .description('list the accounts of a website (the default site unless --site)')
    .option('--site <host>', 'host of the website (default: the default site)')
    .option('--database <url>', 'database URL (default: $DATABASE_URL)')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExamples:\n  $ storefront accounts list\n  $ storefront accounts list --site shop.example.com --json',
    )
    .action(async (opts: SiteFlags) => {
      const { assertMigrated } = await import('../../runtime/migrate.js');
      const { listAccounts } = await import('../../runtime/accounts/store.js');
      await withDatabase({ database: opts.database }, async (db) => {
        await assertMigrated(db);
        const site = await siteOf(db, opts.site);
        const all = await listAccounts(db, site.id);
        if (opts.json) return printJson(all);
        printTable(
          ['EMAIL', 'NAME', 'STATUS', 'JOINED', 'ID'],
          all.map((a) => [a.email, a.display_name, a.status, a.joined_at, a.id]),
        );
      });
    });

  accounts
    .command('block')
    .description('block an account: it cannot sign in, and its sessions end at once')
    .argument('<email>', 'email address of the account')
    .option('--site <host>', 'host of the website (default: the default site)')
    .option('--database <url>', 'database URL (default: $DATABASE_URL)')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExample:\n  $ storefront accounts block someone@example.com --site shop.example.com',
    )
    .action((email: string, opts: SiteFlags) => changeBlock(email, opts, true));

  accounts
    .command('unblock')
    .description('lift the block of an account')
    .argument('<email>', 'email address of the account')
    .option('--site <host>', 'host of the website (default: the default site)')
    .option('--database <url>', 'database URL (default: $DATABASE_URL)')
    .option('--json', 'machine-readable output')
    .addHelpText('after', '\nExample:\n  $ storefront accounts unblock someone@example.com')
    .action((email: string, opts: SiteFlags) => changeBlock(email, opts, false));
}
