// storefront init DIR: copies the starter theme into a new folder.
import { relative } from 'node:path';
import type { Command } from 'commander';
import { note } from '../cli-kit.js';

/** Registers `storefront init`. */
export function registerInit(program: Command): void {
  program
    .command('init')
    .description('copy the starter theme into a new folder')
    .argument('<dir>', 'folder to create (must be new or empty)')
    .addHelpText(
      'after',
      `
Examples:
  $ storefront init my-theme              copy the starter theme into ./my-theme
  $ storefront dev --theme my-theme       then work on it with live reload`,
    )
    .action(async (dir: string) => {
      const { initTheme } = await import('../../devserver/init.js');
      const result = initTheme(dir); // an InitError is a UserError: main() prints it, exit 1
      const shown = relative(process.cwd(), result.dir) || '.';
      note(`storefront init: copied the starter theme to ${shown} (${result.files} files)`);
      note(`next: storefront dev --theme ${shown}`);
    });
}
