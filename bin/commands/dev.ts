// storefront dev: the theme designer's server — the same app as `serve` on an in-memory SQLite
// seeded from fixtures, with live reload, CSS hot swap, an error overlay and personas.
import type { Command } from 'commander';

interface DevFlags {
  theme?: string;
  port?: string;
  host?: string;
  fixtures?: string;
  open?: boolean;
}

/** Registers `storefront dev`. */
export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('serve a theme with live reload, demo data, personas and an error overlay')
    .option('--theme <dir>', 'theme folder (default: the starter theme)')
    .option('--port <n>', 'port to listen on (default: $PORT or 4000)')
    .option('--host <addr>', 'address to bind (default: $HOST or 127.0.0.1)')
    .option('--fixtures <file>', 'demo data (default: the bundled devserver/fixtures/demo.json)')
    .option('--open', 'open the browser once the server is ready')
    .addHelpText(
      'after',
      `
Examples:
  $ storefront dev                                   the starter theme on http://127.0.0.1:4000
  $ storefront init my-theme && storefront dev --theme my-theme --open
  $ storefront dev --theme my-theme --fixtures my-data.json --port 4100

Data lives in memory: every start begins from the fixtures, and saving the fixtures file re-seeds.
Switch between guest and the fixture accounts with the toolbar in the page (no passwords).`,
    )
    .action(async (flags: DevFlags) => {
      const { onShutdownSignal } = await import('../../runtime/server.js');
      const { startDevServer } = await import('../../devserver/start.js');
      // A DevServerError is a UserError: main() prints its one line and exits 1.
      const dev = await startDevServer({
        themeDir: flags.theme,
        port: flags.port,
        host: flags.host,
        fixturesFile: flags.fixtures,
        open: flags.open,
      });
      onShutdownSignal(async () => {
        process.stderr.write('\nstorefront dev: stopping\n');
        await dev.close();
      });
      await new Promise(() => {}); // runs until Ctrl-C
    });
}
