// Test helpers for the type checker: a theme made of inline templates, checked in memory.
import { parseTemplate } from '../../../../runtime/theme/parse.js';
import {
  typeCheckTheme,
  type TypeCheckOptions,
  type TypeFinding,
} from '../../../../runtime/theme/types/index.js';
import { TEMPLATE_OBJECTS } from '../../../../runtime/template-objects.js';

/** The type findings of a theme given as theme-relative path → template source. */
export function checkFiles(
  files: Record<string, string>,
  options?: Partial<TypeCheckOptions>,
): TypeFinding[] {
  const templates = Object.entries(files).map(([file, source]) => ({
    file,
    ast: parseTemplate(source, file),
  }));
  return typeCheckTheme(templates, { objects: TEMPLATE_OBJECTS, ...options });
}

/** The findings of one page's source. */
export function checkPage(source: string, options?: Partial<TypeCheckOptions>): TypeFinding[] {
  return checkFiles({ 'pages/index.hbs': source }, options);
}

/** 'file line:column-endLine:endColumn code' of each finding, for exact assertions. */
export function ranges(findings: TypeFinding[]): string[] {
  return findings.map((f) => `${f.file} ${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.code}`);
}
