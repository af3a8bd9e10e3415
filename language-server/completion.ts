// Completion: fields after `product.` (the type checker's own scope resolution, pathTypes), names
// at the head of a path (block parameters, `this`'s fields, the page scope, helpers with a snippet
// of their usage line), data calls with their arguments, partial names after `{{> `, layout names
// inside `{{#extends "`, asset paths inside `{{asset "`, translation keys inside `{{t "` (with the
// default locale's text).
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem } from 'vscode-languageserver';
import { KNOWN_HELPERS, THEME_HELPERS } from '../runtime/theme/helpers/index.js';
import type { TemplateObjects } from '../runtime/theme/objects.js';
import type { ThemeSources } from '../runtime/theme/lint/theme-files.js';
import { pathTypes, types, type TypeContext } from '../runtime/theme/types/index.js';
import { themeTypes, tryParse } from './documents.js';
import { isLocalePath, Translations } from '../runtime/theme/locales.js';

type Type = types.Type;

/** What is being completed: the text before the cursor decides. */
export type CompletionSite =
  | { kind: 'partial'; typed: string }
  | { kind: 'layout'; typed: string }
  | { kind: 'asset'; typed: string }
  | { kind: 'translation'; typed: string }
  | { kind: 'path'; token: string; start: number }
  | null;

/** The completion site at offset in text. */
export function completionSite(text: string, offset: number): CompletionSite {
  const open = text.lastIndexOf('{{', offset);
  if (open < 0 || text.slice(open, offset).includes('}}')) return null;
  const before = text.slice(open, offset);
  let m = /^\{\{~?#?>\s*([\w./-]*)$/.exec(before);
  if (m) return { kind: 'partial', typed: m[1] };
  m = /#extends\s+"([^"]*)$/.exec(before);
  if (m) return { kind: 'layout', typed: m[1] };
  m = /\basset\s+"([^"]*)$/.exec(before);
  if (m) return { kind: 'asset', typed: m[1] };
  m = /(?:^\{\{~?|\()\s*t\s+"([^"]*)$/.exec(before);
  if (m) return { kind: 'translation', typed: m[1] };
  if (/"[^"]*$/.test(before.replace(/"[^"]*"/g, ''))) return null; // inside another string
  m = /[@\w./-]*$/.exec(before)!;
  return { kind: 'path', token: m[0], start: offset - m[0].length };
}

const PLACEHOLDER = '__storefront_complete__';

/** A helper's call as its usage line writes it, as a snippet: `asset "${1:css/theme.css}"`. */
export function helperSnippet(name: string, usage: string): string {
  const at = usage.search(new RegExp(`(?<=[{(#\\s])${name}\\b`));
  if (at < 0) return name;
  const rest = usage.slice(at + name.length);
  const end = rest.search(/\}\}|\)/);
  const args = (end < 0 ? rest : rest.slice(0, end)).match(/"[^"]*"|[^\s"]+/g) ?? [];
  const esc = (s: string) => s.replace(/[$}\\]/g, '\\$&');
  return [
    name,
    ...args.map((a, i) =>
      a.startsWith('"') ? `"\${${i + 1}:${esc(a.slice(1, -1))}}"` : `\${${i + 1}:${esc(a)}}`,
    ),
  ].join(' ');
}

function helperItems(): CompletionItem[] {
  const items: CompletionItem[] = THEME_HELPERS.map((h) => ({
    label: h.name,
    kind: CompletionItemKind.Function,
    detail: h.usage,
    documentation: { kind: MarkupKind.Markdown, value: `\`\`\`handlebars\n${h.usage}\n\`\`\`` },
    insertText: helperSnippet(h.name, h.usage),
    insertTextFormat: InsertTextFormat.Snippet,
  }));
  const own = new Set(THEME_HELPERS.map((h) => h.name));
  for (const name of KNOWN_HELPERS)
    if (!own.has(name))
      items.push({ label: name, kind: CompletionItemKind.Keyword, detail: 'Handlebars helper' });
  return items;
}

/** A data call with its arguments as a snippet: `products.find slug=${1}`. */
function callItem(objects: TemplateObjects, full: string, label: string): CompletionItem {
  const spec = objects.call(full);
  const args = Object.entries(spec?.args ?? {});
  const snippet = [label, ...args.map(([name], i) => `${name}=\${${i + 1}}`)].join(' ');
  const required = new Set(spec?.required ?? []);
  return {
    label,
    kind: CompletionItemKind.Method,
    detail: `${full}(${args.map(([n, t]) => `${n}${required.has(n) ? '' : '?'}: ${t}`).join(', ')})`,
    documentation: spec?.description,
    insertText: snippet,
    insertTextFormat: InsertTextFormat.Snippet,
  };
}

/** The fields of a type as completion items (with schema descriptions). */
function fieldItems(type: Type, context: TypeContext): CompletionItem[] {
  const items = new Map<string, CompletionItem>();
  for (const shape of type) {
    if (shape.kind === 'object') {
      const head = shape.key.startsWith('calls:') ? shape.key.slice('calls:'.length) : null;
      for (const [name, fieldType] of shape.fields()) {
        if (items.has(name)) continue;
        if (head) {
          items.set(name, callItem(context.objects, `${head}.${name}`, name));
          continue;
        }
        const declared = shape.root ? context.objects.root(name) : undefined;
        const description = declared?.description ?? context.schemas.fieldDescription(shape.label, name);
        items.set(name, {
          label: name,
          kind:
            shape.root && context.objects.callHeads.has(name)
              ? CompletionItemKind.Module
              : CompletionItemKind.Field,
          detail: types.describeType(fieldType),
          ...(description ? { documentation: description } : {}),
        });
      }
    } else if ((shape.kind === 'array' || shape.kind === 'string') && !items.has('length')) {
      items.set('length', { label: 'length', kind: CompletionItemKind.Property, detail: 'an integer' });
    }
  }
  return [...items.values()];
}

/** Without an AST (the template does not parse yet): the registry's root names and their first-level fields. */
function registryItems(token: string, context: TypeContext): CompletionItem[] {
  const dot = token.lastIndexOf('.');
  if (dot < 0) {
    const names = new Map<string, CompletionItem>();
    for (const d of context.objects.all()) {
      const name = d.kind === 'call' ? d.name.split('.')[0] : d.name;
      if (!names.has(name))
        names.set(name, {
          label: name,
          kind: d.kind === 'call' ? CompletionItemKind.Module : CompletionItemKind.Variable,
          documentation: d.kind === 'call' ? undefined : d.description,
        });
    }
    return [...names.values(), ...helperItems()];
  }
  const head = token.slice(0, dot).replace(/^@root\./, '');
  if (context.objects.callHeads.has(head))
    return context.objects
      .callNames()
      .filter((n) => n.startsWith(`${head}.`))
      .map((n) => callItem(context.objects, n, n.slice(head.length + 1)));
  const declared = context.objects.root(head);
  return declared?.schema ? fieldItems(context.schemas.type(declared.schema), context) : [];
}

/** The default locale's keys, each with its text (a plural's `other` form) as the detail. */
function translationItems(files: ThemeSources, paths: string[]): CompletionItem[] {
  const sources = paths.filter(isLocalePath).map((file) => ({
    file,
    source: typeof files[file] === 'string' ? files[file] : Buffer.from(files[file]).toString('utf8'),
  }));
  const defaults = new Translations(sources).defaultFile;
  if (!defaults) return [];
  return [...defaults.messages].map(([key, message]) => {
    const text = typeof message === 'string' ? message : (message.other ?? '');
    return {
      label: key,
      kind: CompletionItemKind.Text,
      detail: text,
      documentation:
        typeof message === 'string'
          ? `${defaults.file}: ${text}`
          : `${defaults.file} (plural, by count=): ${Object.entries(message)
              .map(([category, t]) => `${category}: ${t}`)
              .join('; ')}`,
    };
  });
}

/** Completion items at offset of a template (file is theme-relative) in its theme's sources. */
export function complete(
  files: ThemeSources,
  file: string,
  text: string,
  offset: number,
  objects: TemplateObjects,
  context: TypeContext = themeTypes(files, objects),
): CompletionItem[] {
  const site = completionSite(text, offset);
  if (!site) return [];
  const paths = Object.keys(files).sort();
  if (site.kind === 'partial')
    return paths
      .filter((p) => /^partials\/.+\.hbs$/.test(p))
      .map((p) => ({ label: p.slice('partials/'.length, -'.hbs'.length), kind: CompletionItemKind.File }));
  if (site.kind === 'layout')
    return paths
      .filter((p) => /^layouts\/.+\.hbs$/.test(p))
      .map((p) => ({ label: p.slice(0, -'.hbs'.length), kind: CompletionItemKind.File }));
  if (site.kind === 'asset')
    return paths
      .filter((p) => p.startsWith('assets/'))
      .map((p) => ({ label: p.slice('assets/'.length), kind: CompletionItemKind.File }));
  if (site.kind === 'translation') return translationItems(files, paths);

  // A path: the token up to its last segment, then a placeholder the checker resolves like any field.
  const cut = Math.max(site.token.lastIndexOf('.'), site.token.lastIndexOf('/'));
  const owner = site.token.slice(0, cut + 1);
  let end = offset;
  while (end < text.length && /[\w-]/.test(text[end])) end++;
  const after = text.slice(end);
  const closes = after.indexOf('}}');
  const opens = after.indexOf('{{');
  const close = closes < 0 || (opens >= 0 && opens < closes) ? '}}' : '';
  const patched = `${text.slice(0, site.start)}${owner}${PLACEHOLDER}${close}${after}`;
  const ast = tryParse(patched, file);
  if (!ast) return registryItems(site.token, context);
  const hit = pathTypes(ast, file, context).find((p) => p.path.parts.includes(PLACEHOLDER));
  if (!hit) return registryItems(site.token, context);
  const index = hit.path.parts.indexOf(PLACEHOLDER);
  const items = fieldItems(hit.prefixes[index], context);
  if (index === 0 && hit.path.data)
    return [...hit.scope.data.keys(), 'root'].map((name) => ({
      label: name,
      kind: CompletionItemKind.Variable,
    }));
  if (index === 0 && hit.path.depth === 0 && !/^(?:\.|this\b)/.test(owner)) {
    const params = [...hit.scope.params].map(([name, type]) => ({
      label: name,
      kind: CompletionItemKind.Variable,
      detail: `block parameter: ${types.describeType(type)}`,
    }));
    const names = new Set(params.map((p) => p.label));
    // The page scope's names when `this` is not the page (in a {{#each}}, a partial).
    const page = fieldItems(hit.scope.root, context);
    const seen = new Set([...names, ...items.map((i) => i.label)]);
    return [
      ...params,
      ...items.filter((i) => !names.has(i.label)),
      ...page.filter((i) => !seen.has(i.label)),
      ...helperItems(),
    ];
  }
  return items;
}
