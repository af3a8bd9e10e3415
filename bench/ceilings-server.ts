// Child-process entry of the CEILINGS server (spawned by ceilings.ts with `node --import tsx`):
//   ceilings-server.ts <captureFile> <port>
// Bare Koa on 127.0.0.1:<port>, everything from memory, three kinds of answers:
//   /static/first<path>, /static/returning<path>   the exact bytes and headers `serve` answered
//        for <path> to a first visit (no cookie) and to a returning visitor: the physical limit of
//        Node + Koa on this machine for that page;
//   /template<path>   the same page rendered by PLAIN Handlebars: the theme's files compiled by
//        Handlebars.compile, partials registered as their source, the theme helpers registered
//        as they are (no project Theme class at render time), on the very context the engine builds
//        for that page (captured once, at start, from a render by the engine on catalog data read
//        from the benchmarked database);
//   /render-bench?path=<path>&ms=<n>   renders per CPU second of the engine (Theme.render, data from
//        memory) and of plain Handlebars on the same context, in 5 alternating rounds, in this
//        process: the medians and the median ratio, JSON.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import Koa from 'koa';
import { listenUntilStopped } from './child-entry.js';
import type { RenderRequest } from '../runtime/theme/theme.js';
import type { HelperHost } from '../runtime/theme/helpers/types.js';
import { loadCatalogSnapshot } from './ceiling-data.js';
import { memorySource } from './ceiling-app.js';
import type { CeilingCapture } from './ceilings.js';

// The engine and the helpers as `serve` runs them: the built dist/ (`npm run build`), for both
// renders. Through tsx they would be esbuild's output, which wraps named inner functions in
// `__name(…)` calls (keepNames) that run on every helper call: a cost serve does not have.
const built = <T>(path: string) =>
  import(new URL(`../dist/runtime/${path}`, import.meta.url).href) as Promise<T>;
const { Theme } = await built<typeof import('../runtime/theme/theme.js')>('theme/theme.js');
const { PAGE_ROUTES } = await built<typeof import('../runtime/theme/page-routes.js')>('theme/page-routes.js');
const { TEMPLATE_OBJECTS } =
  await built<typeof import('../runtime/template-objects.js')>('template-objects.js');
const { GUEST_AUTH } = await built<typeof import('../runtime/accounts/auth.js')>('accounts/auth.js');
const { THEME_HELPERS, HELPER_ALIASES } =
  await built<typeof import('../runtime/theme/helpers/index.js')>('theme/helpers/index.js');

const [captureFile, port] = process.argv.slice(2);
const capture = JSON.parse(readFileSync(captureFile, 'utf8')) as CeilingCapture;
const data = await loadCatalogSnapshot(capture.databaseUrl);
const theme = Theme.load(capture.themeDir, TEMPLATE_OBJECTS);
const site = { name: data.siteName, locale: data.siteLocale };

// Plain Handlebars: one environment, the theme's sources, the helpers as registered functions.
const hb = Handlebars.create();
const plain = new Map<string, Handlebars.TemplateDelegate>();
const host: HelperHost = {
  renderTemplate: (name, context, frame) => plain.get(name)!(context, { data: frame as never }),
  // the engine's hashed asset URLs (private to Theme; read here so both renders link the same files)
  assetUrl: (path) =>
    (theme as unknown as { assetsByPath: Map<string, { url: string }> }).assetsByPath.get(path)?.url ?? null,
  translations: () => theme.translations,
};
for (const helper of THEME_HELPERS) hb.registerHelper(helper.name, helper.create(host) as never);
for (const [alias, target] of Object.entries(HELPER_ALIASES)) hb.registerHelper(alias, hb.helpers[target]);
for (const { file } of theme.templateSources()) {
  const source = readFileSync(join(capture.themeDir, file), 'utf8');
  const name = file.slice(0, -'.hbs'.length);
  if (name.startsWith('partials/')) hb.registerPartial(name.slice('partials/'.length), source);
  else plain.set(name, hb.compile(source, { preventIndent: true }));
}

interface PageCapture {
  page: string;
  request: RenderRequest;
  context: unknown;
  csrfToken: string;
}

/** The engine's context for a path: a render by the engine with the instance's renderTemplate watched. */
async function captureContext(path: string, csrfToken: string): Promise<PageCapture> {
  const url = new URL(path, 'http://127.0.0.1');
  for (const r of PAGE_ROUTES) {
    const m = r.pattern.exec(url.pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    r.params.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
    const request: RenderRequest = {
      origin: `http://127.0.0.1:${port}`,
      path: url.pathname,
      url: path,
      params,
      query: Object.fromEntries(url.searchParams),
    };
    let context: unknown = null;
    const render = theme.renderTemplate.bind(theme);
    theme.renderTemplate = (name, ctx, frame) => {
      if (name === `pages/${r.page}` && frame === undefined) context = ctx;
      return render(name, ctx, frame);
    };
    await theme.render(r.page, { request, auth: GUEST_AUTH, csrfToken, site }, memorySource(data, request));
    theme.renderTemplate = render;
    return { page: r.page, request, context, csrfToken };
  }
  throw new Error(`no page route for ${path}`);
}

const pages = new Map<string, PageCapture>();
for (const p of capture.pages) pages.set(p.path, await captureContext(p.path, p.csrfToken));

const renderPlain = (p: PageCapture) => plain.get(`pages/${p.page}`)!(p.context, { data: {} });
const renderEngine = (p: PageCapture) =>
  theme.render(
    p.page,
    { request: p.request, auth: GUEST_AUTH, csrfToken: p.csrfToken, site },
    memorySource(data, p.request),
  );

/**
 * Renders per second of CPU time (this process's user + system), after a warm-up: CPU time, not
 * wall time, so that other processes of a shared machine taking the core away do not count.
 */
async function rate(fn: () => unknown, ms: number): Promise<number> {
  for (let i = 0; i < 200; i++) await fn(); // warm-up (JIT, lazy compiles)
  let n = 0;
  const start = process.cpuUsage();
  let used = 0;
  while (used < ms * 1000) {
    for (let i = 0; i < 20; i++) await fn();
    n += 20;
    const c = process.cpuUsage(start);
    used = c.user + c.system;
  }
  return Math.round((n * 1e6) / used);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Engine and plain Handlebars in alternating rounds (so drifts of the machine hit both alike): medians. */
async function compareRenders(p: PageCapture, ms: number) {
  const rounds = 5;
  const turn = Math.max(100, Math.round(ms / rounds));
  const engine: number[] = [];
  const plainRates: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    engine.push(await rate(() => renderEngine(p), turn));
    plainRates.push(await rate(() => renderPlain(p), turn));
    ratios.push(engine[r] / plainRates[r]);
  }
  return {
    engine_per_s: median(engine),
    plain_per_s: median(plainRates),
    ratio: Math.round(median(ratios) * 100) / 100,
    rounds,
  };
}

const statics = new Map<
  string,
  { status: number; headers: Record<string, string | string[]>; body: Buffer }
>();
for (const p of capture.pages)
  for (const visit of ['first', 'returning'] as const) {
    const r = p[visit];
    statics.set(`/static/${visit}${p.path}`, { ...r, body: Buffer.from(r.body, 'base64') });
  }

const app = new Koa();
app.use(async (ctx) => {
  const fixed = statics.get(ctx.url);
  if (fixed) {
    ctx.status = fixed.status;
    ctx.set(fixed.headers);
    ctx.body = fixed.body;
    return;
  }
  if (ctx.url.startsWith('/template/')) {
    const page = pages.get(ctx.url.slice('/template'.length));
    if (page) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = renderPlain(page);
      return;
    }
  }
  if (ctx.path === '/render-bench') {
    const page = pages.get(String(ctx.query.path));
    if (page) {
      const ms = Number(ctx.query.ms) || 1000;
      const figures = await compareRenders(page, ms);
      const engineBytes = Buffer.byteLength(await renderEngine(page));
      const plainBytes = Buffer.byteLength(renderPlain(page));
      ctx.body = { ...figures, engine_bytes: engineBytes, plain_bytes: plainBytes };
      return;
    }
  }
  ctx.status = ctx.path === '/healthz' ? 200 : 404;
  ctx.body = ctx.status === 200 ? 'ok' : 'not found';
});
listenUntilStopped(app, Number(port));
