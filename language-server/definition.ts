// Go to definition: `{{> partial}}` → partials/partial.hbs, `{{#extends "layouts/x"}}` →
// layouts/x.hbs, `{{asset "path"}}` → assets/path.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Location } from 'vscode-languageserver';
import type { ThemeSources } from '../runtime/theme/lint/theme-files.js';
import { pathToUri } from './documents.js';

const TARGETS: Array<{ pattern: RegExp; file: (name: string) => string }> = [
  { pattern: /\{\{~?#?>\s*"?([\w./-]+)/g, file: (name) => `partials/${name}.hbs` },
  { pattern: /\{\{~?#extends\s+"([^"]+)"/g, file: (name) => `${name}.hbs` },
  { pattern: /\basset\s+"([^"]+)"/g, file: (name) => `assets/${name}` },
];

/** The theme-relative file the reference at offset points to, or null. */
export function referenceAt(text: string, offset: number): string | null {
  for (const { pattern, file } of TARGETS) {
    for (const m of text.matchAll(pattern)) {
      const end = m.index + m[0].length;
      if (m.index <= offset && offset <= end) return file(m[1]);
    }
  }
  return null;
}

/** Where the reference at offset points, when that file exists (on disk or open). */
export function definition(root: string, files: ThemeSources, text: string, offset: number): Location | null {
  const file = referenceAt(text, offset);
  if (!file || file.split('/').includes('..')) return null;
  const path = join(root, file);
  if (!(file in files) && !existsSync(path)) return null;
  return {
    uri: pathToUri(path),
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  };
}
