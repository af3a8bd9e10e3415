// The open documents and the themes they belong to: a theme is the folder holding pages/ found
// upward from the file (else the workspace folder that contains it). Its sources are read from disk
// with the editor's unsaved text of every open document laid over them.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { readThemeFiles, type ThemeSources } from '../runtime/theme/lint/theme-files.js';
import { parseTemplate, type Program } from '../runtime/theme/parse.js';
import { themeTypeContext, type TypeContext } from '../runtime/theme/types/index.js';
import type { TemplateObjects } from '../runtime/theme/objects.js';

const TEMPLATE = /^(?:layouts|pages|partials)\/.+\.hbs$/;

/** Where a document is in its theme. */
export interface ThemeFile {
  /** The theme folder (absolute). */
  root: string;
  /** Theme-relative path with forward slashes ('pages/products/show.hbs'). */
  file: string;
}

/** file:// URI → absolute path, or null for other schemes. */
export function uriToPath(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}

export function pathToUri(path: string): string {
  return pathToFileURL(path).href;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The theme a file belongs to: the nearest folder upward with pages/, else the workspace folder holding it. */
export function themeOf(path: string, workspaceRoots: readonly string[]): ThemeFile | null {
  const absolute = resolve(path);
  let dir = dirname(absolute);
  for (;;) {
    if (isDir(join(dir, 'pages'))) return { root: dir, file: relative(dir, absolute).split(sep).join('/') };
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  const root = workspaceRoots.find((r) => absolute.startsWith(r.endsWith(sep) ? r : r + sep));
  return root ? { root, file: relative(root, absolute).split(sep).join('/') } : null;
}

/** The theme's files from disk with the open documents' text laid over them. */
export function themeSources(root: string, open: readonly TextDocument[]): ThemeSources {
  const files = existsSync(root) ? readThemeFiles(root) : {};
  for (const doc of open) {
    const path = uriToPath(doc.uri);
    if (!path) continue;
    const rel = relative(root, path);
    if (rel.startsWith('..') || rel === '' || resolve(root, rel) !== path) continue;
    const file = rel.split(sep).join('/');
    if (TEMPLATE.test(file)) files[file] = doc.getText();
  }
  return files;
}

/** A template's AST, or null when it does not parse. */
export function tryParse(source: string, file: string): Program | null {
  try {
    return parseTemplate(source, file);
  } catch {
    return null;
  }
}

/** What the type checker knows about a theme ({{set}} names, partial and layout contexts). */
export function themeTypes(files: ThemeSources, objects: TemplateObjects): TypeContext {
  const templates = Object.keys(files)
    .filter((f) => TEMPLATE.test(f))
    .map((file) => {
      const content = files[file];
      return { file, ast: tryParse(typeof content === 'string' ? content : '', file) };
    });
  return themeTypeContext(templates, { objects });
}
