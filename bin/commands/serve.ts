// storefront serve: the production runtime, optionally as N worker processes sharing the port.
import cluster from 'node:cluster';
import type { Command } from 'commander';
import { isLoopbackHost, loadConfig, type Config, type ConfigFlags } from '../../runtime/config.js';
import { describeDatabase } from '../../runtime/database-url.js';
import { note } from '../cli-kit.js';

/** Starts /metrics when --metrics is set: in a single process, or in the primary for all workers. */
async function serveMetrics(config: Config, options: { aggregate: boolean }) {
  if (!config.metrics) return null;
  const { shareMetricsWithPrimary, startMetricsServer } = await import('../../runtime/metrics-server.js');
  if (cluster.isWorker) {
    shareMetricsWithPrimary();
    return null;
  }
  const server = await startMetricsServer(config.metrics.host, config.metrics.port, options);
  note(`  metrics ${server.url}`);
  return server;
}

async function runWorker(flags: ConfigFlags, announce: boolean): Promise<void> {
  const [{ bootstrap }, { createApp }, { listen, onShutdownSignal }, { scheduleSweeps }] = await Promise.all([
    import('../../runtime/bootstrap.js'),
    import('../../runtime/app.js'),
    import('../../runtime/server.js'),
    import('../../runtime/maintenance.js'),
  ]);
  const config = loadConfig(flags);
  // A ThemeLoadError is a UserError: main() prints it (one line per theme error) and exits 1.
  const booted = await bootstrap(config, 'serve');
  const app = createApp(booted.deps);
  let running;
  try {
    running = await listen(app, config.host, config.port);
  } catch (err) {
    await booted.close();
    throw err;
  }
  if (announce) {
    note(
      `storefront serve: ${running.url} (${describeDatabase(config.databaseUrl)}${config.databaseUrlSource === 'default' ? ', embedded: set DATABASE_URL for MySQL' : ''})`,
    );
    for (const line of booted.notes.lines) note(`  ${line}`);
    note(`  theme ${config.themeDir}`);
    if (!isLoopbackHost(config.host) && config.trustProxy === 0 && !config.allowHttp)
      note(
        `  warning: ${config.host} is a public address and neither --trust-proxy nor --allow-http is set: plain-HTTP requests are redirected to https:// (POSTs refused); put a TLS proxy in front and pass --trust-proxy`,
      );
  }
  const metrics = await serveMetrics(config, { aggregate: false });
  const stopSweeps = scheduleSweeps(booted.deps.db);
  onShutdownSignal(async () => {
    stopSweeps();
    await running.close();
    await metrics?.close();
    await booted.close();
  });
}

/** Registers `storefront serve`. */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('run the storefront website (production runtime)')
    .option('--port <n>', 'port to listen on (default: $PORT or 3000)')
    .option('--host <addr>', 'address to bind (default: $HOST or 127.0.0.1)')
    .option('--theme <dir>', 'theme folder (default: the starter theme)')
    .option(
      '--database <url>',
      'database URL (default: $DATABASE_URL, else the embedded sqlite:./storefront.sqlite)',
    )
    .option(
      '--workers <n>',
      'number of worker processes sharing the port (default: $STOREFRONT_WORKERS or 1)',
    )
    .option(
      '--catalog-cache-ms <ms>',
      'reuse catalog pages for this long, per process; 0 turns it off (default: $STOREFRONT_CATALOG_CACHE_MS or 2000)',
    )
    .option(
      '--db-timeout-ms <ms>',
      'deadline of each database query and of waiting for a connection; a connection that misses it is closed and the request answers 503 (default: $STOREFRONT_DB_TIMEOUT_MS or 5000)',
    )
    .option(
      '--register-limit <n>',
      'accepted registrations per client address per hour and website; past it 429 with Retry-After (default: $STOREFRONT_REGISTER_LIMIT or 50)',
    )
    .option('--allow-http', 'send session cookies without the Secure flag (plain HTTP outside loopback)')
    .option(
      '--trust-proxy [hops]',
      'this many reverse proxies stand in front (default 1): trust the X-Forwarded-For/Proto entries they append, never the client-written ones (default: $STOREFRONT_TRUST_PROXY or none)',
    )
    .option(
      '--metrics [addr]',
      'serve Prometheus metrics at http://ADDR/metrics on a separate listener; PORT or HOST:PORT (default 127.0.0.1:9464; $STOREFRONT_METRICS)',
    )
    .addHelpText(
      'after',
      `
Examples:
  $ storefront serve                                  embedded SQLite with demo data on http://127.0.0.1:3000
  $ DATABASE_URL=mysql://shop:pw@db:3306/shop STOREFRONT_SECRET=… storefront serve --host 0.0.0.0 --trust-proxy --workers 2`,
    )
    .action(async (opts: ConfigFlags) => {
      const { bootstrap } = await import('../../runtime/bootstrap.js');
      const { onShutdownSignal } = await import('../../runtime/server.js');
      const config = loadConfig(opts); // validate flags before forking
      if (config.workers > 1 && cluster.isPrimary) {
        if (config.databaseUrlSource === 'default') {
          // Create and seed the embedded database once, before the workers race to do it.
          const booted = await bootstrap(config, 'serve');
          await booted.close();
        }
        note(`storefront serve: starting ${config.workers} workers on http://${config.host}:${config.port}`);
        for (let i = 0; i < config.workers; i++) cluster.fork();
        const metrics = await serveMetrics(config, { aggregate: true });
        let exiting = false;
        cluster.on('exit', (worker, code) => {
          if (!exiting && code !== 0)
            note(`storefront serve: worker ${worker.process.pid} exited with code ${code}`);
        });
        onShutdownSignal(async () => {
          exiting = true;
          for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
          await new Promise<void>((resolve) => {
            const check = () =>
              Object.keys(cluster.workers ?? {}).length === 0 ? resolve() : setTimeout(check, 50);
            check();
          });
          await metrics?.close();
        });
        await new Promise(() => {}); // the primary lives until a signal
      }
      await runWorker(opts, cluster.isPrimary);
    });
}
