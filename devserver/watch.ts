// Watches the theme folder and the fixtures file with chokidar. Editors write a file several
// times per save (truncate, write, rename…): events are collected and handed over as one batch
// once the folder has been quiet for `debounceMs`.
//
// chokidar drops every 'change' of a path that comes within 50 ms of the previous one, with no
// trailing event, so the last write of a quick burst can go unreported. Each handed-over file is
// therefore looked at again a little later, and reported anew when it changed meanwhile.
import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { FSWatcher } from 'chokidar';

export type FileEvent = 'add' | 'change' | 'unlink';

/** Changed files of one burst: absolute path → what finally happened to it. */
export type ChangeBatch = Map<string, FileEvent>;

export interface WatchOptions {
  themeDir: string;
  fixturesFile: string | null;
  onBatch: (batch: ChangeBatch) => void | Promise<void>;
  /** Quiet time that ends a burst (default 30 ms). */
  debounceMs?: number;
  /** Longest a burst may delay its batch (default 250 ms). */
  maxWaitMs?: number;
}

/** chokidar's change throttle (50 ms) plus a margin. */
const SETTLE_CHECK_MS = 70;

function signature(path: string): string | null {
  try {
    const st = statSync(path);
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return null;
  }
}

/** Editor droppings and hidden files: never theme content. */
export function isIgnoredName(path: string): boolean {
  const name = basename(path);
  return (
    (name.startsWith('.') && name !== '.') ||
    name.endsWith('~') ||
    /\.(swp|swx|swo|tmp|bak)$/i.test(name) ||
    /^#.*#$/.test(name) ||
    name === 'node_modules' ||
    /^4913$/.test(name) // vim's write-permission probe
  );
}

/** A running watcher. */
export interface ThemeWatcher {
  /** Resolves once the initial scan is done (changes after it are reported). */
  ready: Promise<void>;
  /** True while a burst is collecting, a batch is being handled or a late-write check is due. */
  busy(): boolean;
  /** Resolves once nothing is collecting, being handled or due to be checked. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Starts watching; batches are delivered one at a time, in order. */
export function watchTheme(options: WatchOptions): ThemeWatcher {
  const debounceMs = options.debounceMs ?? 30;
  const maxWaitMs = options.maxWaitMs ?? 250;
  const themeDir = resolve(options.themeDir);
  const paths = [themeDir];
  if (options.fixturesFile) paths.push(resolve(options.fixturesFile));

  let pending: ChangeBatch = new Map();
  let timer: NodeJS.Timeout | null = null;
  let firstAt = 0;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  const checks = new Set<NodeJS.Timeout>();
  /** Batches handed over and not yet handled. */
  let handling = 0;
  const idleWaiters: Array<() => void> = [];
  const busy = () => !closed && (timer !== null || pending.size > 0 || checks.size > 0 || handling > 0);
  const notifyIdle = () => {
    if (!busy()) for (const w of idleWaiters.splice(0)) w();
  };
  /** What each file looked like when it was last handed over. */
  const flushed = new Map<string, string | null>();

  const flush = () => {
    timer = null;
    if (closed || pending.size === 0) return notifyIdle();
    const batch = pending;
    pending = new Map();
    const paths = [...batch].filter(([, event]) => event !== 'unlink').map(([path]) => path);
    for (const path of paths) flushed.set(path, signature(path));
    const check = setTimeout(() => {
      checks.delete(check);
      if (closed) return;
      for (const path of paths) {
        const now = signature(path);
        if (now !== flushed.get(path) && !pending.has(path)) record(now === null ? 'unlink' : 'change', path);
      }
      notifyIdle();
    }, SETTLE_CHECK_MS);
    checks.add(check);
    handling++;
    chain = chain.then(async () => {
      try {
        await options.onBatch(batch);
      } catch (err) {
        process.stderr.write(`storefront dev: ${(err as Error)?.stack ?? String(err)}\n`);
      } finally {
        handling--;
        notifyIdle();
      }
    });
  };

  const record = (event: FileEvent, path: string) => {
    const abs = resolve(path);
    const before = pending.get(abs);
    // add then unlink within one burst = nothing; unlink then add = change
    if (before === 'add' && event === 'unlink') pending.delete(abs);
    else if (before === 'unlink' && event === 'add') pending.set(abs, 'change');
    else if (before === 'add' && event === 'change') pending.set(abs, 'add');
    else pending.set(abs, event);
    const now = Date.now();
    if (!timer) firstAt = now;
    if (timer) clearTimeout(timer);
    const wait = Math.max(0, Math.min(debounceMs, firstAt + maxWaitMs - now));
    timer = setTimeout(flush, wait);
  };

  // chokidar is loaded here, not at start-up: the dev server answers pages before it is needed.
  const started: Promise<FSWatcher> = import('chokidar').then(({ watch }) => {
    const watcher = watch(paths, {
      ignoreInitial: true,
      ignored: (path: string) => path !== themeDir && isIgnoredName(path),
      atomic: false, // we debounce ourselves; chokidar's atomic mode adds 100 ms
    });
    watcher.on('add', (p) => record('add', p));
    watcher.on('change', (p) => record('change', p));
    watcher.on('unlink', (p) => record('unlink', p));
    watcher.on('error', (err) =>
      process.stderr.write(`storefront dev: file watcher: ${(err as Error).message}\n`),
    );
    return watcher;
  });

  const ready = started.then((watcher) => new Promise<void>((res) => watcher.once('ready', () => res())));
  return {
    ready,
    busy,
    idle: () => (busy() ? new Promise<void>((res) => idleWaiters.push(res)) : Promise.resolve()),
    async close() {
      closed = true;
      for (const w of idleWaiters.splice(0)) w();
      if (timer) clearTimeout(timer);
      for (const c of checks) clearTimeout(c);
      await (await started).close();
      await chain;
    },
  };
}
