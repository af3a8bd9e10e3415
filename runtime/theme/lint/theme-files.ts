// Reads a theme folder into the in-memory form lintSources takes: every template under layouts/,
// pages/ and partials/, every file under assets/ and the translations (locales/*.json), as the
// engine's Theme.load finds them (hidden files and folders skipped). Templates, scripts and
// translations are text; other assets stay bytes.
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isTemplateName, listThemeFiles } from '../files.js';

/** A theme in memory: theme-relative path ('pages/cart.hbs') -> source text, or bytes for binary assets. */
export type ThemeSources = Record<string, string | Uint8Array>;

const TEXT = /\.(?:hbs|m?js)$/;

/** True for a path with a hidden segment ('.git/x', 'assets/.DS_Store'): themes ignore those. */
export function isHiddenPath(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.'));
}

/** Every template and asset of a theme folder, sorted by path. */
export function readThemeFiles(dir: string): ThemeSources {
  const files: ThemeSources = {};
  const read = (file: string) => {
    files[relative(dir, file).split(sep).join('/')] = TEXT.test(file)
      ? readFileSync(file, 'utf8')
      : readFileSync(file);
  };
  for (const kind of ['layouts', 'pages', 'partials'])
    for (const file of listThemeFiles(join(dir, kind), isTemplateName)) read(file);
  for (const file of listThemeFiles(join(dir, 'assets'))) read(file);
  for (const file of listThemeFiles(join(dir, 'locales'), (name) => name.endsWith('.json')))
    files[relative(dir, file).split(sep).join('/')] = readFileSync(file, 'utf8');
  return files;
}
