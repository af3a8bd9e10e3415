// Reads a theme folder into the in-memory form lintSources takes: every template under layouts/,
// pages/ and partials/ and every file under assets/, as the engine's Theme.load finds them
// (hidden files and folders skipped). Templates and scripts are text; other assets stay bytes.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
  const visit = (rel: string, keep: (name: string) => boolean) => {
    const full = join(dir, rel);
    if (!existsSync(full)) return;
    for (const name of readdirSync(full).sort()) {
      if (name.startsWith('.')) continue;
      const childRel = `${rel}/${name}`;
      const child = join(dir, childRel);
      if (statSync(child).isDirectory()) visit(childRel, keep);
      else if (keep(name))
        files[childRel] = TEXT.test(name) ? readFileSync(child, 'utf8') : readFileSync(child);
    }
  };
  for (const kind of ['layouts', 'pages', 'partials']) visit(kind, (name) => name.endsWith('.hbs'));
  visit('assets', () => true);
  return files;
}
