// Starts the real app on a real listening port for HTTP tests, on a fresh migrated + seeded database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { loadConfig, type ConfigFlags } from '../../runtime/config.js';
import { createDb, type Db } from '../../runtime/db.js';
import { migrateLatest } from '../../runtime/migrate.js';
import { bootstrap } from '../../runtime/bootstrap.js';
import { createApp } from '../../runtime/app.js';
import { listen } from '../../runtime/server.js';
import { loadFixtures } from '../../runtime/fixtures/load.js';
import { seedFixtures } from '../../runtime/fixtures/seed.js';
import { findSiteByHostExact } from '../../runtime/sites/store.js';
import { defaultFixturesFile, starterThemeDir } from '../../runtime/paths.js';
import type { AppDeps, AppHooks } from '../../runtime/deps.js';

export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** A running test server. */
export interface TestServer {
  url: string;
  db: Db;
  deps: AppDeps;
  /** Every SQL statement the app ran since the last reset (for query-count tests). */
  queries: string[];
  close(): Promise<void>;
}

/** A fresh SQLite file URL in a temp dir (removed by the returned cleanup). */
export function tempSqliteUrl(): { url: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-test-'));
  return {
    url: `sqlite:${join(dir, 'test.sqlite')}`,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Migrates and seeds the demo fixtures into a database URL. */
export async function prepareDatabase(url: string, options: { seed?: boolean } = {}): Promise<void> {
  const db = createDb(url);
  try {
    await migrateLatest(db);
    if (options.seed !== false) {
      const site = (await findSiteByHostExact(db, undefined))!;
      await seedFixtures(db, site, loadFixtures(defaultFixturesFile));
    }
  } finally {
    await db.destroy();
  }
}

/**
 * The part of the process environment a test server's Config reads: the hashing and debug tuning
 * (test files set STOREFRONT_BCRYPT_COST=4 for fast hashes), nothing that would change what is tested.
 */
function tuningEnv(): NodeJS.ProcessEnv {
  const names = [
    'STOREFRONT_BCRYPT_COST',
    'STOREFRONT_HASH_THREADS',
    'STOREFRONT_HASH_QUEUE',
    'STOREFRONT_DEBUG',
  ];
  return Object.fromEntries(
    names.filter((n) => process.env[n] !== undefined).map((n) => [n, process.env[n]]),
  );
}

/** Boots createApp on databaseUrl (already migrated) and listens on 127.0.0.1 with a free port. */
export async function startTestServer(
  databaseUrl: string,
  options: {
    themeDir?: string;
    mode?: 'serve' | 'dev';
    hooks?: AppHooks;
    allowHttp?: boolean;
    catalogCacheMs?: number;
    /** More flags, as the CLI would pass them (host is only what the config says: tests bind 127.0.0.1). */
    flags?: ConfigFlags;
  } = {},
): Promise<TestServer> {
  const config = loadConfig(
    {
      database: databaseUrl,
      theme: options.themeDir ?? starterThemeDir,
      secret: TEST_SECRET,
      port: 0,
      host: '127.0.0.1',
      allowHttp: options.allowHttp ?? true,
      catalogCacheMs: options.catalogCacheMs,
      ...options.flags,
    },
    tuningEnv(),
  );
  const booted = await bootstrap(config, options.mode ?? 'serve', { hooks: options.hooks });
  const queries: string[] = [];
  booted.deps.db.on('query', (q: Knex.Sql) => queries.push(q.sql));
  const app = createApp(booted.deps, { log: null });
  const running = await listen(app, '127.0.0.1', 0);
  return {
    url: running.url,
    db: booted.deps.db,
    deps: booted.deps,
    queries,
    async close() {
      await running.close(1000);
      await booted.close();
    },
  };
}
