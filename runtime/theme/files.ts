// Which files a theme folder has: the one walker the engine (Theme.load: templates and assets) and
// check-theme (readThemeFiles) share, so they always see the same files in the same order.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** True for a template file name (under layouts/, pages/ and partials/ only these count). */
export function isTemplateName(name: string): boolean {
  return name.endsWith('.hbs');
}

/**
 * Every file under dir whose name passes keep, as paths joined onto dir, sorted by name at each
 * level (folders depth-first). Hidden files and folders ('.git', '.DS_Store') are skipped; a folder
 * that does not exist, or is not a folder, has no files.
 */
export function listThemeFiles(dir: string, keep: (name: string) => boolean = () => true): string[] {
  const out: string[] = [];
  const visit = (folder: string) => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw err;
    }
    for (const name of names.sort()) {
      if (name.startsWith('.')) continue;
      const full = join(folder, name);
      if (statSync(full).isDirectory()) visit(full);
      else if (keep(name)) out.push(full);
    }
  };
  visit(dir);
  return out;
}
