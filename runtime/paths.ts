// Where the package's own files (starter theme, fixtures, schemas) live, whether running from
// TypeScript sources (tsx) or from the compiled dist/ folder.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'runtime'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`storefront: package root not found above ${start}`);
    dir = parent;
  }
}

/** Absolute path of the storefront package root. */
export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** The starter theme shipped with the package. */
export const starterThemeDir = join(packageRoot, 'themes-starter');

/** The demo data set shared by `dev` and `storefront seed`. */
export const defaultFixturesFile = join(packageRoot, 'devserver', 'fixtures', 'demo.json');

/** JSON Schemas of the template objects and fixtures. */
export const schemasDir = join(packageRoot, 'runtime', 'schemas');
