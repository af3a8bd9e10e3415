// storefront language-server --stdio
// The theme language server for editors (language-server/): diagnostics from check-theme as you
// type, completion, hover and go-to-definition in .hbs templates. Imported lazily, so the other
// commands never load it.
import type { Command } from 'commander';
import { CliError } from '../cli-kit.js';

/** Registers `storefront language-server`. */
export function registerLanguageServer(program: Command): void {
  program
    .command('language-server')
    .description('run the theme language server for editors (LSP over stdin/stdout)')
    .option('--stdio', 'talk LSP over stdin and stdout (the only transport)')
    .addHelpText(
      'after',
      `
Editors start it; see README "Editor support" (VS Code: editors/vscode/, Neovim, Helix).
  $ storefront language-server --stdio`,
    )
    .action(async (opts: { stdio?: boolean }) => {
      if (!opts.stdio) throw new CliError('language-server needs --stdio (the only transport it speaks)', 2);
      const { startStdioServer } = await import('../../language-server/server.js');
      await startStdioServer();
    });
}
