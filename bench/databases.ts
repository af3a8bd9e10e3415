// The databases the bench runs on: one throwaway MariaDB server for the whole run (or
// BENCH_MYSQL_URL / STOREFRONT_TEST_MYSQL_URL), a fresh migrated + seeded database per scenario, and
// temp SQLite files; plus the few direct reads the scenarios check (row counts, variant ids).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  mysqlServerAvailable,
  startMariaDb,
  dropMysqlDatabase,
  freshMysqlDatabase,
} from '../test/helpers/mariadb.js';
import { prepareDatabase } from '../test/helpers/server.js';
import { createDb } from '../runtime/db.js';
import type { Teardown } from './teardown.js';

/** Lazily starts one MySQL server for every scenario of the run; stopped by the run's teardown. */
export class MysqlProvider {
  private server: Promise<string> | null = null;

  constructor(private readonly runTeardown: Teardown) {}

  /** Why MySQL scenarios cannot run here, or null when they can. */
  unavailableReason(): string | null {
    if (process.env.BENCH_MYSQL_URL || process.env.STOREFRONT_TEST_MYSQL_URL) return null;
    return mysqlServerAvailable() ? null : 'no mariadbd/mysqld installed and no BENCH_MYSQL_URL set';
  }

  /** URL of the server (any database name in it is replaced per scenario). */
  baseUrl(): Promise<string> {
    this.server ??= (async () => {
      const external = process.env.BENCH_MYSQL_URL || process.env.STOREFRONT_TEST_MYSQL_URL;
      if (external) return external;
      const started = await startMariaDb();
      this.runTeardown.add('stop MariaDB', () => started.stop());
      return started.url;
    })();
    return this.server;
  }

  /** A fresh database `name`, migrated and seeded with the demo fixtures; dropped at teardown. */
  async database(t: Teardown, name: string): Promise<string> {
    const base = await this.baseUrl();
    const url = await freshMysqlDatabase(base, name);
    t.add(`drop database ${name}`, () => dropMysqlDatabase(base, name));
    await prepareDatabase(url);
    return url;
  }
}

/** A temp SQLite file, migrated and seeded with the demo fixtures; removed at teardown. */
export async function sqliteDatabase(t: Teardown): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-sqlite-'));
  t.add('remove temp SQLite file', () => rmSync(dir, { recursive: true, force: true }));
  const url = `sqlite:${join(dir, 'bench.sqlite')}`;
  await prepareDatabase(url);
  return url;
}

/** Rows in a table (the sessions check). */
export async function countRows(databaseUrl: string, table: string): Promise<number> {
  const db = createDb(databaseUrl);
  try {
    const row = (await db(table).count({ n: '*' }).first()) as { n: number | string };
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

/** Ids of `count` available variants of the default site, cheapest first. */
export async function availableVariantIds(databaseUrl: string, count: number): Promise<string[]> {
  const db = createDb(databaseUrl);
  try {
    const rows = (await db('variants')
      .where({ available: true })
      .orderBy([{ column: 'price_minor' }, { column: 'id' }])
      .limit(count)
      .select('id')) as Array<{ id: string }>;
    if (rows.length < count)
      throw new Error(`the demo catalog has ${rows.length} available variants, need ${count}`);
    return rows.map((r) => r.id);
  } finally {
    await db.destroy();
  }
}
