// storefront init DIR: a copy of the starter theme, ready for `storefront dev --theme DIR`.
import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { starterThemeDir } from '../runtime/paths.js';
import { UserError } from '../runtime/user-error.js';

/** A folder that cannot receive the starter theme; the message is one line. */
export class InitError extends UserError {
  override name = 'InitError';
}

/** Copies the starter theme into dir (created when missing). Refuses a non-empty folder or a file. */
export function initTheme(dir: string, source = starterThemeDir): { dir: string; files: number } {
  const target = resolve(dir);
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new InitError(`${dir} exists and is not a folder`);
    if (readdirSync(target).length > 0)
      throw new InitError(`${dir} is not empty; choose a new or empty folder (nothing was copied)`);
  }
  if (!existsSync(source))
    throw new InitError(`the starter theme is missing from this installation (${source})`);
  mkdirSync(target, { recursive: true });
  let files = 0;
  cpSync(source, target, {
    recursive: true,
    errorOnExist: true,
    force: false,
    filter: (src) => {
      const name = src.slice(source.length).split(/[\\/]/).pop() ?? '';
      if (name === '.DS_Store' || name === 'node_modules') return false;
      if (existsSync(src) && statSync(src).isFile()) files++;
      return true;
    },
  });
  return { dir: target, files };
}
