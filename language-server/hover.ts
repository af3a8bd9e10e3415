// Hover: the type of a path and its schema description (or the registry's), a helper's usage line,
// a data call's description and arguments.
import { MarkupKind, type Hover } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { KNOWN_HELPERS, THEME_HELPERS } from '../runtime/theme/helpers/index.js';
import type { TemplateObjects } from '../runtime/theme/objects.js';
import type { ThemeSources } from '../runtime/theme/lint/theme-files.js';
import { pathTypes, types, type PathTypes, type TypeContext } from '../runtime/theme/types/index.js';
import { themeTypes, tryParse } from './documents.js';

const USAGE = new Map(THEME_HELPERS.map((h) => [h.name, h.usage]));

/** The word (`product.price`, `@root.auth`, `asset`) around offset and where it starts. */
function wordAt(text: string, offset: number): { word: string; start: number } | null {
  let start = offset;
  while (start > 0 && /[@\w./-]/.test(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && /[@\w./-]/.test(text[end])) end++;
  return end > start ? { word: text.slice(start, end), start } : null;
}

/** The segments of a path as written, with their offsets in it (`../a.b` → a@3, b@5). */
function segments(original: string): Array<{ name: string; at: number }> {
  const prefix = /^@?(?:\.\.\/)*(?:this[./]|\.\/)?/.exec(original)![0];
  const out: Array<{ name: string; at: number }> = [];
  let at = prefix.length;
  for (const name of original.slice(prefix.length).split(/[./]/)) {
    out.push({ name, at });
    at += name.length + 1;
  }
  return out;
}

function describePath(hit: PathTypes, index: number, context: TypeContext): string {
  const name = hit.path.parts[index];
  const shown = hit.path.original.slice(0, segments(hit.path.original)[index].at + name.length);
  const type = hit.prefixes[index + 1];
  const lines = [`\`${shown}\`: ${types.describeType(type)}`];
  const isParam = index === 0 && !hit.path.data && hit.path.depth === 0 && hit.scope.params.has(name);
  if (isParam) lines.push('block parameter');
  else {
    for (const shape of hit.prefixes[index]) {
      if (shape.kind !== 'object') continue;
      const declared = shape.root ? context.objects.root(name) : undefined;
      const description =
        declared?.description ??
        (shape.root && context.setNames.has(name) ? 'set with {{set}}' : null) ??
        context.schemas.fieldDescription(shape.label, name);
      if (description) {
        lines.push(description);
        break;
      }
    }
  }
  return lines.join('\n\n');
}

/** The hover text at offset of an open template. */
export function hover(
  files: ThemeSources,
  file: string,
  doc: TextDocument,
  offset: number,
  objects: TemplateObjects,
  context?: TypeContext,
): Hover | null {
  const text = doc.getText();
  const open = text.lastIndexOf('{{', offset);
  if (open < 0 || text.slice(open, offset).includes('}}')) return null;
  const found = wordAt(text, offset);
  if (!found) return null;
  const range = { start: doc.positionAt(found.start), end: doc.positionAt(found.start + found.word.length) };
  const markdown = (value: string): Hover => ({ contents: { kind: MarkupKind.Markdown, value }, range });

  const usage = USAGE.get(found.word);
  const call = objects.call(found.word.replace(/^@root\./, ''));
  if (call) {
    const args = Object.entries(call.args)
      .map(([n, t]) => `${n}${call.required.includes(n) ? '' : '?'}: ${t}`)
      .join(', ');
    return markdown(`\`${call.name}(${args})\`: ${call.schema ?? 'any'}\n\n${call.description}`);
  }

  const ast = tryParse(text, file);
  if (ast) {
    const ctx = context ?? themeTypes(files, objects);
    const hits = pathTypes(ast, file, ctx).filter((p) => {
      const start = doc.offsetAt({ line: p.path.loc.start.line - 1, character: p.path.loc.start.column });
      const end = doc.offsetAt({ line: p.path.loc.end.line - 1, character: p.path.loc.end.column });
      return start <= offset && offset <= end && p.path.parts.length > 0;
    });
    const hit = hits[hits.length - 1];
    if (hit) {
      const start = doc.offsetAt({ line: hit.path.loc.start.line - 1, character: hit.path.loc.start.column });
      const segs = segments(hit.path.original);
      let index = 0;
      segs.forEach((s, i) => {
        if (offset - start >= s.at) index = i;
      });
      index = Math.min(index, hit.path.parts.length - 1);
      return markdown(describePath(hit, index, ctx));
    }
  }
  if (usage) return markdown(`\`\`\`handlebars\n${usage}\n\`\`\``);
  if (KNOWN_HELPERS.has(found.word)) return markdown(`\`${found.word}\`: Handlebars built-in helper`);
  return null;
}
