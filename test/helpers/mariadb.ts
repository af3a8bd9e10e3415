// A throwaway MariaDB/MySQL server for tests: a fresh datadir in a temp folder, a free port on
// 127.0.0.1, removed afterwards. Used when STOREFRONT_TEST_MYSQL_URL is not set.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { freePort } from './ports.js';

export interface MysqlServer {
  url: string;
  stop(): Promise<void>;
}

function findBinary(names: string[]): string | null {
  for (const name of names) {
    for (const dir of (process.env.PATH ?? '')
      .split(':')
      .concat(['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin'])) {
      const full = join(dir, name);
      if (dir && existsSync(full)) return full;
    }
  }
  return null;
}

/** True when a MariaDB/MySQL server binary is installed. */
export function mysqlServerAvailable(): boolean {
  return findBinary(['mariadbd', 'mysqld']) !== null;
}

/** Starts a throwaway server with database storefront_test and user storefront/storefront. */
export async function startMariaDb(): Promise<MysqlServer> {
  const server = findBinary(['mariadbd', 'mysqld']);
  const installer = findBinary(['mariadb-install-db', 'mysql_install_db']);
  if (!server || !installer) throw new Error('no mariadbd/mysqld and mariadb-install-db found');
  const dir = mkdtempSync(join(tmpdir(), 'storefront-mariadb-'));
  const datadir = join(dir, 'data');
  const user = process.getuid?.() === 0 ? 'root' : (process.env.USER ?? 'root');
  const init = spawnSync(
    installer,
    [
      '--no-defaults',
      `--datadir=${datadir}`,
      `--user=${user}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { encoding: 'utf8' },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`mariadb-install-db failed: ${(init.stderr || init.stdout).slice(-800)}`);
  }
  const port = await freePort();
  const output: string[] = [];
  const child: ChildProcess = spawn(
    server,
    [
      '--no-defaults',
      `--datadir=${datadir}`,
      `--socket=${join(dir, 'mysqld.sock')}`,
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--skip-name-resolve',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=64M',
      '--innodb-log-file-size=16M',
      '--innodb-flush-log-at-trx-commit=2',
      '--max-connections=300',
      `--user=${user}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const deadline = Date.now() + 60000;
  let root: mysql.Connection | null = null;
  while (!root) {
    if (child.exitCode !== null)
      throw new Error(`mariadbd exited (${child.exitCode}): ${output.join('').slice(-800)}`);
    try {
      root = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root', password: '' });
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`mariadbd did not become ready in 60 s: ${output.join('').slice(-800)}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  for (const sql of [
    'CREATE DATABASE IF NOT EXISTS storefront_test CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
    "CREATE USER IF NOT EXISTS 'storefront'@'127.0.0.1' IDENTIFIED BY 'storefront'",
    "CREATE USER IF NOT EXISTS 'storefront'@'localhost' IDENTIFIED BY 'storefront'",
    "GRANT ALL PRIVILEGES ON *.* TO 'storefront'@'127.0.0.1'",
    "GRANT ALL PRIVILEGES ON *.* TO 'storefront'@'localhost'",
  ]) {
    await root.query(sql);
  }
  await root.end();

  return {
    url: `mysql://storefront:storefront@127.0.0.1:${port}/storefront_test`,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let shared: Promise<MysqlServer> | null = null;

/**
 * True when a missing MySQL must fail the run instead of skipping its suites: .ci/run sets
 * STOREFRONT_TEST_MYSQL=required (and CI=true implies it), so CI can never skip them silently.
 */
export function mysqlTestsRequired(): boolean {
  return process.env.STOREFRONT_TEST_MYSQL === 'required' || process.env.CI === 'true';
}

/** True when MySQL suites can run: STOREFRONT_TEST_MYSQL_URL is set or mariadbd/mysqld is installed (STOREFRONT_TEST_MYSQL=off says no). */
export function mysqlTestsAvailable(): boolean {
  if (process.env.STOREFRONT_TEST_MYSQL_URL) return true;
  if (process.env.STOREFRONT_TEST_MYSQL === 'off') return false;
  return mysqlServerAvailable();
}

/** Why MySQL suites are skipped, in one line with what to do about it. */
export function mysqlSkipReason(): string {
  const why =
    process.env.STOREFRONT_TEST_MYSQL === 'off'
      ? 'STOREFRONT_TEST_MYSQL=off'
      : 'no mariadbd/mysqld on this machine. Install mariadb-server (Debian) or set STOREFRONT_TEST_MYSQL_URL=mysql://… to run them';
  return `MySQL suites skipped: ${why}; STOREFRONT_TEST_MYSQL=required makes this a failure.`;
}

/** The MySQL URL for tests: STOREFRONT_TEST_MYSQL_URL, else one throwaway server per test run; null if none (a failure when required). */
export async function mysqlUrlForTests(): Promise<MysqlServer | null> {
  if (process.env.STOREFRONT_TEST_MYSQL_URL)
    return { url: process.env.STOREFRONT_TEST_MYSQL_URL, stop: async () => {} };
  if (!mysqlTestsAvailable()) {
    if (mysqlTestsRequired())
      throw new Error(
        'MySQL tests are required here but there is no mariadbd/mysqld and no STOREFRONT_TEST_MYSQL_URL',
      );
    return null;
  }
  shared ??= startMariaDb();
  return shared;
}

/** Stops the shared throwaway server, if one was started. */
export async function stopSharedMysql(): Promise<void> {
  if (shared && !process.env.STOREFRONT_TEST_MYSQL_URL) {
    const s = await shared.catch(() => null);
    shared = null;
    await s?.stop();
  }
}

/** A connection to the server of `baseUrl` without a default database, for creating and dropping them. */
function adminConnection(baseUrl: string): Promise<mysql.Connection> {
  const u = new URL(baseUrl);
  return mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  });
}

/** Drops and creates database `name` (utf8mb4) and returns its URL. */
export async function freshMysqlDatabase(baseUrl: string, name: string): Promise<string> {
  const conn = await adminConnection(baseUrl);
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end();
  }
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops database `name` if it exists. */
export async function dropMysqlDatabase(baseUrl: string, name: string): Promise<void> {
  const conn = await adminConnection(baseUrl);
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await conn.end();
  }
}
