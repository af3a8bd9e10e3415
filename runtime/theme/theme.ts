// A loaded theme: its templates compiled once (recompiled one file at a time by `dev`), its assets
// hashed, and the render of a page with its data fetched before Handlebars runs.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type Handlebars from 'handlebars';
import { createHandlebars } from './helpers/index.js';
import { parseTemplate, type Program } from './parse.js';
import {
  analyseTemplate,
  callKey,
  normalizeArgs,
  resolveArgs,
  type DataCall,
  type TemplateNeeds,
} from './data-calls.js';
import type { TemplateObjects } from './objects.js';
import { pageRouting } from './page-routing.js';
import { checkHelperCalls } from './static-checks.js';
import { AbortRender, locateError, TemplateError } from './errors.js';
import { readAsset, type Asset } from './assets.js';
import { isTemplateName, listThemeFiles } from './files.js';
import { isLocalePath, Translations } from './locales.js';

/** The request as templates see it (`request.path`, `request.params.slug`, `request.query.page`). */
export interface RenderRequest {
  /** Scheme and host the visitor asked for (`https://shop.example.com`): absolute URLs (canonical, og:url). */
  origin: string;
  path: string;
  url: string;
  params: Record<string, string>;
  query: Record<string, string>;
}

/** What the server supplies for one render. */
export interface RenderInput {
  request: RenderRequest;
  auth: unknown;
  csrfToken: string;
  /** The website answering the request: its name and BCP 47 locale ({{t}} and {{date}} use it; `en` when absent). */
  site: { name: string; locale?: string };
  /** Page-specific values (a re-rendered form, say); they never replace the objects above. */
  extra?: Record<string, unknown>;
}

/** Runs the registry's data calls and loads its objects for one render; results are plain template objects. */
export interface DataSource {
  call(name: string, args: Record<string, unknown>): Promise<unknown>;
  load(name: string): Promise<unknown>;
}

/** Called with every template object before the render (dev validates them against their schemas). */
export type ObjectInspector = (
  schema: string,
  value: unknown,
  where: { file: string; line: number | null; label: string },
) => void;

/** The union of what a page, its layouts and partials need. */
export interface PageNeeds {
  calls: DataCall[];
  /** Registry objects and context values read anywhere in the page (`cart`, `auth`, `csrf_token`…). */
  roots: Set<string>;
  /** It reads something per visitor (a private call, object or value): the page is never cached. */
  private: boolean;
  /** Template names the page depends on (itself included). */
  templates: string[];
}

interface TemplateEntry {
  name: string;
  file: string;
  source: string;
  ast: Program | null;
  needs: TemplateNeeds | null;
  compiled: Handlebars.TemplateDelegate | null;
  errors: TemplateError[];
}

const KINDS = ['layouts', 'pages', 'partials'] as const;

/** One declaration of the registry as render() places it in the context. */
interface ContextSlot {
  name: string;
  kind: string;
  /** For a call (`products.paginate`): the context key holding it and the method name. */
  head: string;
  method: string;
}

/** A theme folder with layouts/, pages/, partials/ and assets/. */
export class Theme {
  readonly hb: typeof Handlebars;
  private templates = new Map<string, TemplateEntry>();
  private assetsByPath = new Map<string, Asset>();
  private assetsByUrl = new Map<string, Asset>();
  private needsCache = new Map<string, PageNeeds>();
  /** Custom pages by the path they are served at (built on first use, dropped when a file changes). */
  private customPages: Map<string, string> | null = null;
  /** Text of every locales/*.json by theme-relative path; the translations are rebuilt from it on a change. */
  private localeSources = new Map<string, string>();
  /** The theme's translations ({{t}}); empty when it has no locales/ folder. */
  translations = new Translations([]);
  /** Told about every {{t}} key no locale file has (dev prints it as a warning). */
  onMissingTranslation:
    ((key: string, locale: string, where: { file: string | null; line: number | null }) => void) | null =
    null;
  /** Handlebars' per-call runtime state for this theme, captured once (see runtimeOptions). */
  private runtime: Record<string, unknown> | null = null;
  /** The context slots of the registry, built once (see contextPlan). */
  private plan: ContextSlot[] | null = null;

  private constructor(
    readonly dir: string,
    /** What templates can read (runtime/template-objects.ts): the engine keeps no list of its own. */
    readonly objects: TemplateObjects,
  ) {
    this.hb = createHandlebars({
      renderTemplate: (name, context, data) => this.renderTemplate(name, context, data),
      assetUrl: (path) => this.assetsByPath.get(path)?.url ?? null,
      translations: () => this.translations,
      missingTranslation: (key, locale, options) => {
        const frame = options.data as { __file?: string } | undefined;
        const loc = (options as { loc?: { start: { line: number } } }).loc;
        this.onMissingTranslation?.(key, locale, {
          file: frame?.__file ?? null,
          line: loc?.start.line ?? null,
        });
      },
    });
  }

  /** Loads every template and asset of a theme folder. Broken templates are kept with their errors. */
  static load(dir: string, objects: TemplateObjects): Theme {
    if (!existsSync(join(dir, 'pages'))) {
      throw new TemplateError(`${dir} is not a theme: it has no pages/ folder`, 'not_a_theme', dir);
    }
    const theme = new Theme(dir, objects);
    for (const kind of KINDS)
      for (const file of listThemeFiles(join(dir, kind), isTemplateName)) theme.loadTemplate(file);
    for (const file of listThemeFiles(join(dir, 'assets'))) theme.loadAsset(file);
    for (const file of listThemeFiles(join(dir, 'locales'), (n) => n.endsWith('.json')))
      theme.localeSources.set(theme.relativePath(file), readFileSync(file, 'utf8'));
    theme.translations = new Translations(theme.localeSourceList());
    return theme;
  }

  /** Builds a theme from in-memory files (theme-relative path -> text or bytes); nothing is read from disk. */
  static fromSources(files: Record<string, string | Uint8Array>, objects: TemplateObjects, dir = '.'): Theme {
    const theme = new Theme(dir, objects);
    const paths = Object.keys(files).filter((p) => !p.split('/').some((part) => part.startsWith('.')));
    for (const path of paths) {
      const file = join(dir, path);
      const content = files[path];
      if (theme.templateName(file))
        theme.loadTemplate(
          file,
          typeof content === 'string' ? content : Buffer.from(content).toString('utf8'),
        );
    }
    for (const path of paths) {
      if (path.startsWith('assets/')) theme.loadAsset(join(dir, path), Buffer.from(files[path]));
      else if (isLocalePath(path)) {
        const content = files[path];
        theme.localeSources.set(
          path,
          typeof content === 'string' ? content : Buffer.from(content).toString('utf8'),
        );
      }
    }
    theme.translations = new Translations(theme.localeSourceList());
    return theme;
  }

  private relativePath(file: string): string {
    return relative(this.dir, file).split(sep).join('/');
  }

  private localeSourceList(): Array<{ file: string; source: string }> {
    return [...this.localeSources]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, source]) => ({ file, source }));
  }

  /** Template name for a file path inside the theme ('pages/products/show'), or null for non-templates. */
  templateName(file: string): string | null {
    const rel = relative(this.dir, file).split(sep).join('/');
    if (!rel.endsWith('.hbs') || !KINDS.some((k) => rel.startsWith(`${k}/`))) return null;
    return rel.slice(0, -'.hbs'.length);
  }

  /** (Re)reads one changed or added file; returns what kind of file it was. */
  reloadFile(file: string): 'template' | 'asset' | 'locale' | 'other' {
    this.needsCache.clear();
    this.customPages = null;
    const themePath = this.relativePath(file);
    if (isLocalePath(themePath)) {
      if (existsSync(file)) this.localeSources.set(themePath, readFileSync(file, 'utf8'));
      else this.localeSources.delete(themePath);
      this.translations = new Translations(this.localeSourceList());
      return 'locale';
    }
    this.runtime = null;
    if (this.templateName(file)) {
      if (existsSync(file)) this.loadTemplate(file);
      else this.templates.delete(this.templateName(file)!);
      return 'template';
    }
    const rel = relative(join(this.dir, 'assets'), file);
    if (!rel.startsWith('..') && !rel.startsWith(sep)) {
      const path = rel.split(sep).join('/');
      const old = this.assetsByPath.get(path);
      if (old) {
        this.assetsByUrl.delete(old.url);
        this.assetsByPath.delete(path);
      }
      if (existsSync(file)) this.loadAsset(file);
      return 'asset';
    }
    return 'other';
  }

  private loadAsset(file: string, body?: Buffer): void {
    const asset = readAsset(join(this.dir, 'assets'), file, body);
    this.assetsByPath.set(asset.path, asset);
    this.assetsByUrl.set(asset.url, asset);
  }

  private loadTemplate(file: string, source = readFileSync(file, 'utf8')): void {
    const name = this.templateName(file)!;
    const rel = `${name}.hbs`;
    const entry: TemplateEntry = {
      name,
      file: rel,
      source,
      ast: null,
      needs: null,
      compiled: null,
      errors: [],
    };
    try {
      entry.ast = parseTemplate(source, rel);
      entry.errors.push(...checkHelperCalls(entry.ast, rel, this.objects));
      entry.needs = analyseTemplate(entry.ast, rel, this.objects);
      entry.compiled = this.hb.compile(source, { preventIndent: true });
    } catch (err) {
      entry.errors.push(locateError(err, rel) as TemplateError);
    }
    this.templates.set(name, entry);
    if (name.startsWith('partials/')) {
      const partialName = name.slice('partials/'.length);
      this.hb.registerPartial(partialName, ((context: unknown, options: unknown) =>
        this.renderTemplate(name, context, (options as { data?: unknown })?.data)) as never);
    }
  }

  /** Every problem found while loading (syntax, unknown helpers, unresolvable calls, missing references). */
  errors(): TemplateError[] {
    const all: TemplateError[] = [...this.translations.errors];
    for (const entry of this.templates.values()) {
      all.push(...entry.errors);
      if (entry.needs) all.push(...this.referenceErrors(entry));
    }
    return all;
  }

  private referenceErrors(entry: TemplateEntry): TemplateError[] {
    const errors: TemplateError[] = [];
    for (const p of entry.needs!.partials) {
      if (!this.templates.has(`partials/${p.name}`))
        errors.push(
          new TemplateError(
            `missing partial "${p.name}" (expected partials/${p.name}.hbs)`,
            'missing_partial',
            entry.file,
            p.line,
            p.column,
          ),
        );
    }
    for (const l of entry.needs!.layouts) {
      if (!l.name.startsWith('layouts/') || !this.templates.has(l.name))
        errors.push(
          new TemplateError(
            `missing layout "${l.name}" (expected ${l.name}.hbs in the theme)`,
            'missing_layout',
            entry.file,
            l.line,
            l.column,
          ),
        );
    }
    for (const a of entry.needs!.assets) {
      if (!this.assetsByPath.has(a.path))
        errors.push(
          new TemplateError(
            `missing asset "${a.path}" (expected assets/${a.path})`,
            'missing_asset',
            entry.file,
            a.line,
            a.column,
          ),
        );
    }
    return errors;
  }

  /** Names of all pages ('index', 'products/show', …). */
  pageNames(): string[] {
    return [...this.templates.keys()]
      .filter((n) => n.startsWith('pages/'))
      .map((n) => n.slice('pages/'.length));
  }

  /** Every template's theme-relative file and AST (null when it does not parse), for the type checker. */
  templateSources(): Array<{ file: string; ast: Program | null }> {
    return [...this.templates.values()].map((e) => ({ file: e.file, ast: e.ast }));
  }

  /** The custom page (pages/**.hbs no contract route claims) served at path, or null. */
  customPageAt(path: string): string | null {
    if (!this.customPages) {
      const names = this.pageNames();
      this.customPages = new Map();
      for (const name of names) {
        const routing = pageRouting(name, names);
        if (routing.kind === 'custom') this.customPages.set(routing.path, name);
      }
    }
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    return this.customPages.get(trimmed) ?? null;
  }

  /** The asset served at a hashed URL. */
  assetByUrl(url: string): Asset | undefined {
    return this.assetsByUrl.get(url);
  }

  /** Theme-relative file of a template name, for messages. */
  fileOf(name: string): string {
    return `${name}.hbs`;
  }

  /** What a page and everything it includes needs; throws the first TemplateError on the way. */
  needs(page: string): PageNeeds {
    const cached = this.needsCache.get(page);
    if (cached) return cached;
    const result: PageNeeds = { calls: [], roots: new Set(), private: false, templates: [] };
    const seen = new Set<string>();
    const visit = (
      name: string,
      from: { file: string; line: number; column: number } | null,
      kind: string,
    ) => {
      if (seen.has(name)) return;
      seen.add(name);
      const entry = this.templates.get(name);
      if (!entry) {
        throw new TemplateError(
          `missing ${kind} "${name}"`,
          `missing_${kind}`,
          from?.file ?? null,
          from?.line ?? null,
          from?.column ?? null,
        );
      }
      if (entry.errors.length) throw entry.errors[0];
      const refErrors = this.referenceErrors(entry);
      if (refErrors.length) throw refErrors[0];
      const n = entry.needs!;
      result.templates.push(name);
      result.calls.push(...n.calls);
      for (const root of n.roots) result.roots.add(root);
      for (const p of n.partials)
        visit(`partials/${p.name}`, { file: entry.file, line: p.line, column: p.column }, 'partial');
      for (const l of n.layouts)
        visit(l.name, { file: entry.file, line: l.line, column: l.column }, 'layout');
    };
    visit(`pages/${page}`, null, 'page');
    result.private =
      result.calls.some((c) => this.objects.call(c.name)?.private) ||
      [...result.roots].some((name) => this.objects.root(name)?.private);
    this.needsCache.set(page, result);
    return result;
  }

  /** Renders a page: fetches its data calls and objects in parallel, then runs Handlebars. Throws AbortRender or TemplateError. */
  async render(
    page: string,
    input: RenderInput,
    data: DataSource,
    inspect?: ObjectInspector,
  ): Promise<string> {
    const needs = this.needs(page);
    const pageFile = this.fileOf(`pages/${page}`);
    const prefetched = new Map<string, unknown>();
    const loaded: Record<string, unknown> = {};
    const pending: Array<Promise<void>> = [];
    for (const call of needs.calls) {
      const spec = this.objects.call(call.name)!;
      const args = resolveArgs(call, spec.args, input.request);
      const key = callKey(call.name, args);
      if (prefetched.has(key)) continue;
      prefetched.set(key, undefined);
      pending.push(
        data.call(call.name, args).then((value) => {
          prefetched.set(key, value);
          if (inspect && spec.schema && value !== null)
            inspect(spec.schema, value, { file: call.file, line: call.line, label: call.name });
        }),
      );
    }
    for (const name of needs.roots) {
      const spec = this.objects.root(name)!;
      if (spec.kind !== 'object') continue;
      pending.push(
        data.load(name).then((value) => {
          loaded[name] = value;
          if (inspect && spec.schema)
            inspect(spec.schema, value, { file: pageFile, line: null, label: name });
        }),
      );
    }
    await Promise.all(pending);
    if (inspect) inspect('auth', input.auth, { file: pageFile, line: null, label: 'auth' });

    const objects = this.objects;
    const lookup = (name: string) =>
      function (this: unknown, ...args: unknown[]) {
        const options = args[args.length - 1] as {
          hash?: Record<string, unknown>;
          loc?: { start: { line: number; column: number } };
        };
        const key = callKey(name, normalizeArgs(objects.call(name)!.args, options?.hash ?? {}));
        if (!prefetched.has(key)) {
          const err = new TemplateError(
            `${name}: its arguments changed during the render; inside {{#each}}/{{#with}} write @root.request.params.… or @root.request.query.…`,
            'unresolvable_data_call',
          );
          if (options?.loc) {
            err.line = options.loc.start.line;
            err.column = options.loc.start.column;
          }
          throw err;
        }
        return prefetched.get(key);
      };
    // A fresh object per render: `set` writes into it, and nothing survives to the next request.
    const context: Record<string, unknown> = {
      ...input.extra,
      request: input.request,
      auth: input.auth,
      csrf_token: input.csrfToken,
      site: input.site,
    };
    for (const spec of this.contextPlan()) {
      if (spec.kind === 'object') context[spec.name] = loaded[spec.name] ?? null;
      if (spec.kind !== 'call') continue;
      // `products.paginate` is context.products.paginate: a helper that hands out its prefetched result
      const holder = (context[spec.head] ??= {}) as Record<string, unknown>;
      holder[spec.method] = lookup(spec.name);
    }
    return this.renderTemplate(`pages/${page}`, context, undefined);
  }

  /**
   * The registry's declarations as render() puts them in the context, with call names split into
   * holder and method: built once, as the registry never changes (it was rebuilt on every render).
   */
  private contextPlan(): ContextSlot[] {
    this.plan ??= this.objects.all().map((spec) => {
      const [head, method] = spec.name.split('.') as [string, string | undefined];
      return { name: spec.name, kind: spec.kind, head, method: method ?? '' };
    });
    return this.plan;
  }

  /** Renders one template by name with its errors located in its file. */
  renderTemplate(name: string, context: unknown, data: unknown): string {
    const entry = this.templates.get(name);
    if (!entry) throw new TemplateError(`missing template "${name}"`, 'missing_template');
    if (!entry.compiled) throw entry.errors[0];
    // __file lets {{#block}} locate errors in the page that defined the block, not the layout.
    const frame = this.hb.createFrame(data ?? {}) as Record<string, unknown>;
    frame.__file = entry.file;
    // What Handlebars' initData does for a top-level call, skipped by the partial-style call below.
    if (data === undefined || data === null) frame.root = context;
    const rt = this.runtimeOptions();
    try {
      // One literal of fixed shape (not a spread of the captured state): Handlebars' template and
      // setup functions then see a single hidden class of options and stay monomorphic.
      return entry.compiled(context, {
        helpers: rt.helpers,
        partials: rt.partials,
        decorators: rt.decorators,
        hooks: rt.hooks,
        protoAccessControl: rt.protoAccessControl,
        partial: true,
        data: frame,
      } as Handlebars.RuntimeOptions);
    } catch (err) {
      if (err instanceof AbortRender) throw err;
      throw locateError(err, entry.file);
    }
  }

  /**
   * The runtime state every template of this theme runs with. Handlebars rebuilds it at each
   * top-level call of a compiled template (a fresh wrapper around every helper, proto-access rules,
   * a partials merge), and a partial here is such a call: 12 product cards meant 12 copies of the
   * helpers per page. The state is the same for every call, so it is captured once from a probe
   * partial (which Handlebars hands exactly that state) and every template runs the way Handlebars
   * runs partials, with it passed in (`partial: true`). Helpers and proto-access rules are the
   * registered ones; `partials` is the environment's own object, so partials registered later (dev
   * reloads) are seen.
   */
  private runtimeOptions(): Record<string, unknown> {
    if (this.runtime) return this.runtime;
    const probe = '__storefront_runtime_probe';
    let captured: Record<string, unknown> | null = null;
    this.hb.registerPartial(probe, ((_context: unknown, options: Record<string, unknown>) => {
      const { helpers, partials, decorators, hooks, protoAccessControl } = options;
      captured = { helpers, partials, decorators, hooks, protoAccessControl, partial: true };
      return '';
    }) as never);
    try {
      this.hb.compile(`{{> ${probe}}}`)(
        {},
        { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false },
      );
    } finally {
      this.hb.unregisterPartial(probe);
    }
    if (!captured) throw new Error('Handlebars did not call the runtime probe partial');
    this.runtime = captured;
    return captured;
  }
}
