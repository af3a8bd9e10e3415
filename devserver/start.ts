// startDevServer: the runtime's one app (createApp) on an in-memory SQLite seeded from the
// fixtures, plus the dev hooks (client injection, overlay, schema checks, personas), the file
// watcher and the live-reload socket.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join, relative, resolve, sep } from 'node:path';
import type Koa from 'koa';
import { loadConfig } from '../runtime/config.js';
import { hashPassword } from '../runtime/accounts/password.js';
import { configurePasswordHashing } from '../runtime/accounts/password-settings.js';
import { bootstrap } from '../runtime/bootstrap.js';
import { createApp } from '../runtime/app.js';
import { listen, ListenError, type RunningServer } from '../runtime/server.js';
import { Theme } from '../runtime/theme/theme.js';
import { TEMPLATE_OBJECTS } from '../runtime/template-objects.js';
import { TemplateError } from '../runtime/theme/errors.js';
import { readAsset } from '../runtime/theme/assets.js';
import { FixtureError } from '../runtime/fixtures/load.js';
import { defaultFixturesFile } from '../runtime/paths.js';
import { UserError } from '../runtime/user-error.js';
import type { AppDeps, AppHooks } from '../runtime/deps.js';
import type { AppState } from '../runtime/http/state.js';
import { createInspector } from './inspect.js';
import { BuildCounter } from './builds.js';
import { injectClient } from './inject.js';
import { LiveReload, type ConsoleReport, type ServerMessage } from './livereload.js';
import {
  describeError,
  displayPath,
  overlayHtml,
  reportForClient,
  terminalBlock,
  type ErrorReport,
} from './overlay.js';
import { devRoutes } from './routes.js';
import { themeWarnings, warningLine, warningLines } from './typecheck.js';
import { readFixtures, reseed } from './fixtures.js';
import { watchTheme, type ChangeBatch, type ThemeWatcher } from './watch.js';

export interface DevServerOptions {
  /** Theme folder (default: the starter theme). */
  themeDir?: string;
  /** Port (default $PORT, else 4000; 0 picks a free one). */
  port?: number | string;
  host?: string;
  /** Fixtures file (default devserver/fixtures/demo.json). */
  fixturesFile?: string;
  /** Open the browser once ready (xdg-open/open; skipped silently when missing). */
  open?: boolean;
  /** Where terminal output goes (default: stderr). */
  log?: (text: string) => void;
  /** Print one short line per page request (default true). */
  requestLog?: boolean;
  /** ANSI colours in terminal output (default: stderr is a TTY and NO_COLOR is unset). */
  color?: boolean;
  /** Quiet time that ends a burst of file events (ms). */
  debounceMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** What the watcher did with one batch (for tests and the bench). */
export interface ChangeOutcome {
  messages: ServerMessage[];
  files: string[];
}

export interface DevServer {
  url: string;
  port: number;
  themeDir: string;
  fixturesFile: string;
  /** Milliseconds from the call to the ready banner. */
  readyMs: number;
  deps: AppDeps;
  livereload: LiveReload;
  /** Resolves after the next batch of file changes has been handled. */
  nextChange(): Promise<ChangeOutcome>;
  close(): Promise<void>;
}

/** A dev server that cannot start, for a reason the user can fix (one line). */
export class DevServerError extends UserError {
  override name = 'DevServerError';
}

function isInside(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel);
}

/** Opens url in the desktop browser when an opener exists; never fails. */
export function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // no opener: the banner shows the URL
  }
}

/** Starts `storefront dev`. */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const started = performance.now();
  const env = options.env ?? process.env;
  const write = options.log ?? ((text: string) => process.stderr.write(text));
  const color = options.color ?? (Boolean(process.stderr.isTTY) && !env.NO_COLOR);
  const say = (line: string) => write(`${line}\n`);

  const config = loadConfig(
    { database: 'sqlite::memory:', port: options.port, host: options.host, theme: options.themeDir },
    env,
    // Fixture passwords are demo data in memory: cheap hashes make start and re-seed instant.
    { port: 4000, bcryptCost: 4 },
  );
  // The first hash boots a hashing thread (tens of ms): boot it now, while the theme loads and the
  // schema is created, rather than when the fixtures' passwords are hashed.
  configurePasswordHashing(config);
  void hashPassword('warm up the hashing thread').catch(() => {});
  const themeDir = config.themeDir;
  const fixturesFile = resolve(options.fixturesFile ?? defaultFixturesFile);
  if (!existsSync(themeDir))
    throw new DevServerError(
      `theme folder ${themeDir} does not exist (create one with: storefront init ${displayPath(themeDir, process.cwd())})`,
    );
  if (!existsSync(fixturesFile)) throw new DevServerError(`fixtures file ${fixturesFile} does not exist`);

  let theme: Theme;
  try {
    theme = Theme.load(themeDir, TEMPLATE_OBJECTS);
  } catch (err) {
    if (err instanceof TemplateError) throw new DevServerError(err.message);
    throw err;
  }

  // Each distinct error is printed once until the next file change.
  const printed = new Set<string>();
  const printReport = (report: ErrorReport, context?: string) => {
    const key = `${report.code}|${report.file}|${report.line}|${report.message}`;
    if (printed.has(key)) return;
    printed.add(key);
    write(terminalBlock(report, { color, context }));
  };

  let deps: AppDeps | null = null;
  // The build each request started from: a change handled while it renders makes the page stale.
  const builds = new BuildCounter();
  const requestBuild = new WeakMap<object, number>();
  const buildOf = (ctx: object) => requestBuild.get(ctx) ?? builds.current;
  const hooks: AppHooks = {
    inspect: createInspector((message) => say(`storefront dev: ${message}`)),
    transformHtml: (html, ctx) => injectClient(html, buildOf(ctx)),
    renderHtmlError: (ctx: Koa.ParameterizedContext<AppState>, err: unknown, status: number) => {
      const report = describeError(err, themeDir, { path: ctx.path, referer: ctx.get('referer') || null });
      printReport(report, `${ctx.method} ${ctx.path}`);
      ctx.status = status >= 400 ? status : 500;
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = injectClient(overlayHtml(report, ctx.path), buildOf(ctx));
    },
    middleware: [
      (ctx, next) => {
        requestBuild.set(ctx, builds.current);
        return next();
      },
      devRoutes(() => deps!),
    ],
  };

  const booted = await bootstrap(config, 'dev', { hooks, theme, fixturesFile });
  deps = booted.deps;
  const requestLog = options.requestLog ?? true;
  const app = createApp(booted.deps, {
    log: requestLog
      ? (line) => {
          const r = JSON.parse(line) as { method: string; path: string; status: number; ms: number };
          if (r.path.startsWith('/__storefront/') || r.path.startsWith('/assets/')) return;
          say(`${r.method} ${r.path} ${r.status} ${r.ms} ms`);
        }
      : null,
  });

  let running: RunningServer;
  try {
    running = await listen(app, config.host, config.port);
  } catch (err) {
    await booted.close();
    if (err instanceof ListenError) throw new DevServerError(err.message);
    throw err;
  }

  const onConsole = (r: ConsoleReport) => {
    const at = r.source ? ` (${r.source}${r.line ? `:${r.line}${r.column ? `:${r.column}` : ''}` : ''})` : '';
    const lines = [`browser ${r.level}${r.page ? ` on ${r.page}` : ''}: ${r.message}${at}`];
    if (r.stack)
      for (const l of r.stack.split('\n').slice(0, 6))
        if (l.trim() && !r.message.includes(l.trim())) lines.push(`    ${l.trim()}`);
    say(color ? `\x1b[33m${lines.join('\n')}\x1b[39m` : lines.join('\n'));
  };
  let watcher: ThemeWatcher | null = null;
  const livereload = new LiveReload(running.server, onConsole, {
    current: () => builds.current,
    settled: () => watcher?.idle() ?? Promise.resolve(),
  });

  // A {{t "key"}} no locale file has renders the key: say so once per key, locale and place until the next change.
  theme.onMissingTranslation = (key, locale, where) => {
    const at = where.file ? `${where.file}${where.line ? `:${where.line}` : ''}` : 'a template';
    const message = `warning: ${at}: translation "${key}" is in no locale file for ${locale}: the key itself is shown`;
    if (printed.has(message)) return;
    printed.add(message);
    say(color ? `\x1b[33m${message}\x1b[39m` : message);
  };

  // Typed templates: the type checker's findings are warnings (terminal and browser panel); they
  // never block a render. Recomputed after every template save.
  let warnings = themeWarnings(theme);
  livereload.setWarnings(warnings);

  const waiters: Array<(o: ChangeOutcome) => void> = [];
  const handleBatch = async (batch: ChangeBatch): Promise<void> => {
    const t0 = performance.now();
    printed.clear();
    const messages: ServerMessage[] = [];
    const send = (msg: ServerMessage) => {
      messages.push(msg);
      livereload.broadcast(msg);
    };
    const templates: string[] = [];
    const css: Array<{ logical: string; path: string }> = [];
    let reload = false;
    let fixturesChanged = false;
    const assetsDir = join(themeDir, 'assets');
    for (const [file, event] of batch) {
      if (file === fixturesFile) {
        fixturesChanged = true;
        continue;
      }
      if (!isInside(themeDir, file)) continue;
      const kind = theme.reloadFile(file);
      if (kind === 'template') {
        templates.push(displayPath(file, themeDir));
        reload = true;
      } else if (kind === 'locale') {
        // A saved translation file changes the text of every page; its errors are printed below like a template's.
        templates.push(displayPath(file, themeDir));
        reload = true;
      } else if (kind === 'asset') {
        const logical = relative(assetsDir, file).split(sep).join('/');
        if (event === 'change' && logical.endsWith('.css') && existsSync(file)) {
          const url = readAsset(assetsDir, file).url;
          if (theme.assetByUrl(url)) css.push({ logical, path: url });
          else reload = true;
        } else {
          reload = true; // scripts, images, fonts, added or removed files: the page must load them again
        }
      }
    }

    let fixturesFailed = false;
    if (fixturesChanged) {
      try {
        const fixtures = readFixtures(fixturesFile);
        const report = await reseed(booted.deps.db, fixtures);
        livereload.setSticky(null);
        send({ type: 'clear' });
        say(
          `fixtures reloaded from ${displayPath(fixturesFile, process.cwd())} (${report.products} products, ${report.accounts} accounts, ${report.orders} orders changed)`,
        );
        reload = true;
      } catch (err) {
        fixturesFailed = true;
        const report = describeError(err, themeDir);
        if (!(err instanceof FixtureError))
          report.title = 'Re-seeding the fixtures failed — the last good data is still served';
        printReport(report);
        const msg: ServerMessage = { type: 'error', error: reportForClient(report) };
        livereload.setSticky(msg);
        send(msg);
      }
    }

    // Errors in the files just saved are shown at once, even before a browser asks for a page.
    if (templates.length) {
      for (const e of theme.errors())
        if (e.file && templates.includes(e.file)) printReport(describeError(e, themeDir));
    }
    // Type warnings of the saved files, and new ones elsewhere (a page's save changes its partials' types).
    if (templates.length) {
      const before = new Set(warnings.map((w) => JSON.stringify(w)));
      const next = themeWarnings(theme);
      for (const w of next)
        if (templates.includes(w.file) || !before.has(JSON.stringify(w))) say(warningLine(w, color));
      if (next.length !== before.size || next.some((w) => !before.has(JSON.stringify(w)))) {
        warnings = next;
        livereload.setWarnings(warnings);
        send({ type: 'warnings', warnings });
      }
    }

    // Pages rendered before this point are stale from now on (see builds.ts).
    const build = reload || css.length ? builds.bump() : builds.current;
    if (reload)
      send({
        type: 'reload',
        reason:
          [...templates, ...(fixturesChanged && !fixturesFailed ? ['fixtures'] : [])].join(', ') || 'assets',
        build,
      });
    else for (const c of css) send({ type: 'css', path: c.path, logical: c.logical, build });

    const files = [...batch.keys()].map((f) => displayPath(f, themeDir));
    const what = reload
      ? 'reload'
      : css.length
        ? 'css'
        : fixturesFailed
          ? 'kept the last good fixtures'
          : 'no change';
    say(`${files.join(', ')} → ${what} (${(performance.now() - t0).toFixed(1)} ms)`);
    for (const w of waiters.splice(0)) w({ messages, files });
  };

  watcher = watchTheme({
    themeDir,
    fixturesFile,
    onBatch: handleBatch,
    debounceMs: options.debounceMs,
  });
  await watcher.ready;

  const readyMs = performance.now() - started;
  say(`storefront dev: ${running.url} ready in ${Math.round(readyMs)} ms`);
  say(`  theme     ${themeDir}`);
  say(`  fixtures  ${fixturesFile} (in-memory SQLite)`);
  // The in-memory schema, the demo data and a per-process key are a given in dev: no need to say so.
  for (const line of booted.notes.lines)
    if (!/^(created the database schema|loaded the demo data|cookie keys)/.test(line)) say(`  ${line}`);
  const loadErrors = theme.errors();
  if (loadErrors.length) {
    say(`  the theme has ${loadErrors.length} error(s); they are also shown in the page that uses them:`);
    for (const e of loadErrors.slice(0, 20)) say(`    ${e.where} ${e.message.split('\n')[0]}`);
    if (loadErrors.length > 20) say(`    … and ${loadErrors.length - 20} more`);
  }
  if (warnings.length) {
    say(`  the theme has ${warnings.length} type warning(s); pages still render (typed templates):`);
    for (const line of warningLines(warnings, color)) say(line);
  }
  if (options.open) openBrowser(running.url);

  let closing: Promise<void> | null = null;
  return {
    url: running.url,
    port: running.port,
    themeDir,
    fixturesFile,
    readyMs,
    deps: booted.deps,
    livereload,
    nextChange: () => new Promise<ChangeOutcome>((res) => waiters.push(res)),
    close() {
      closing ??= (async () => {
        await watcher.close();
        await livereload.close();
        await running.close(500);
        await booted.close();
      })();
      return closing;
    },
  };
}
