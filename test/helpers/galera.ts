// A throwaway MariaDB Galera cluster for tests and the bench: N nodes on 127.0.0.1, each with a
// temp datadir and its own ports (SQL, group communication, IST, SST), bootstrapped here and
// removed afterwards. Node 1 starts a new cluster; the others join it one at a time and receive
// the state by rsync SST (mariabackup when rsync is missing). Reads wait for causality
// (wsrep_sync_wait=1), so a row committed through one node is seen by the next read on any node.
// As root, the nodes run as the `mysql` system user (see nodeUser). Environment:
// STOREFRONT_TEST_GALERA_PROVIDER (path of libgalera_smm.so), STOREFRONT_TEST_GALERA_SYNC_WAIT
// (wsrep_sync_wait, default 1), STOREFRONT_TEST_GALERA_KEEP=1 (keep the datadirs and logs).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';

export interface GaleraNode {
  /** mysql://root@127.0.0.1:PORT/<database> */
  url: string;
  /** The node's SQL port. */
  port: number;
}

export interface GaleraCluster {
  /** One URL per node, all naming the same (replicated) database. */
  urls: string[];
  nodes: GaleraNode[];
  /** The SST method the joiners used. */
  sstMethod: string;
  stop(): Promise<void>;
}

export interface GaleraOptions {
  /** Number of nodes (default 3). */
  nodes?: number;
  /** Database created through node 1 and named in the URLs (default storefront). */
  database?: string;
  /**
   * wsrep_sync_wait of every node (default 1: reads wait for causality; 0 turns that off, as
   * MariaDB's default does). STOREFRONT_TEST_GALERA_SYNC_WAIT overrides the default.
   */
  syncWait?: number;
}

const PROVIDERS = [
  '/usr/lib/galera/libgalera_smm.so',
  '/usr/lib/galera-4/libgalera_smm.so',
  '/usr/lib64/galera-4/libgalera_smm.so',
  '/usr/lib/libgalera_smm.so',
  '/usr/lib64/galera/libgalera_smm.so',
];

function findBinary(names: string[]): string | null {
  const dirs = (process.env.PATH ?? '')
    .split(':')
    .concat(['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin']);
  for (const name of names) {
    for (const dir of dirs) {
      const full = join(dir, name);
      if (dir && existsSync(full)) return full;
    }
  }
  return null;
}

function findProvider(): string | null {
  const fromEnv = process.env.STOREFRONT_TEST_GALERA_PROVIDER;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return PROVIDERS.find((p) => existsSync(p)) ?? null;
}

/** rsync when rsync and its SST script are installed, else mariabackup, else null. */
function sstMethod(): string | null {
  if (findBinary(['rsync']) && findBinary(['wsrep_sst_rsync'])) return 'rsync';
  if (findBinary(['mariabackup']) && findBinary(['wsrep_sst_mariabackup'])) return 'mariabackup';
  return null;
}

/**
 * The system user the nodes run as. Not root: the rsync SST daemon a joiner starts would drop to
 * `nobody` and could not write the datadir. As root the nodes run as `mysql` (the packages create it).
 */
function nodeUser(): string | null {
  if (process.getuid?.() !== 0) return userInfo().username;
  return spawnSync('id', ['-u', 'mysql'], { encoding: 'utf8' }).status === 0 ? 'mysql' : null;
}

/** Why a cluster cannot be started on this machine, or null when it can. */
export function galeraUnavailableReason(): string | null {
  if (!findBinary(['mariadbd', 'mysqld'])) return 'no mariadbd/mysqld installed';
  if (!findBinary(['mariadb-install-db', 'mysql_install_db'])) return 'no mariadb-install-db installed';
  if (!findProvider()) return 'no Galera provider (libgalera_smm.so: Debian package galera-4)';
  if (!sstMethod()) return 'no SST method: install rsync (or mariadb-backup)';
  if (!nodeUser()) return "running as root needs a 'mysql' system user to run the nodes as";
  return null;
}

/** True when MariaDB, the Galera provider and an SST method are installed. */
export function galeraAvailable(): boolean {
  return galeraUnavailableReason() === null;
}

/** `count` distinct free TCP ports on 127.0.0.1 (all held open until every one is picked). */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    while (ports.length < count) {
      const srv = createServer();
      servers.push(srv);
      const port = await new Promise<number>((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(0, '127.0.0.1', () => resolve((srv.address() as { port: number }).port));
      });
      if (!ports.includes(port)) ports.push(port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface RunningNode {
  index: number;
  dir: string;
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

/** Starts a 3-node (or `nodes`-node) Galera cluster; every node answers wsrep_ready=ON and sees all. */
export async function startGaleraCluster(options: GaleraOptions = {}): Promise<GaleraCluster> {
  const count = options.nodes ?? 3;
  const syncWait = options.syncWait ?? Number(process.env.STOREFRONT_TEST_GALERA_SYNC_WAIT ?? 1);
  if (!Number.isInteger(syncWait) || syncWait < 0 || syncWait > 15)
    throw new Error(`syncWait must be an integer 0–15, got ${syncWait}`);
  const database = options.database ?? 'storefront';
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`nodes must be a positive integer, got ${count}`);
  if (!/^[A-Za-z0-9_]+$/.test(database)) throw new Error(`bad database name ${JSON.stringify(database)}`);
  const reason = galeraUnavailableReason();
  if (reason) throw new Error(`cannot start a Galera cluster: ${reason}`);
  const server = findBinary(['mariadbd', 'mysqld'])!;
  const installer = findBinary(['mariadb-install-db', 'mysql_install_db'])!;
  const provider = findProvider()!;
  const sst = sstMethod()!;
  const user = nodeUser()!;

  const root = mkdtempSync(join(tmpdir(), 'storefront-galera-'));
  chmodSync(root, 0o755); // the nodes run as `user`
  const running: RunningNode[] = [];
  const killAll = () => {
    for (const n of running)
      if (n.child.exitCode === null && n.child.signalCode === null) n.child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  let stopped = false;
  async function stop(): Promise<void> {
    if (stopped) return;
    stopped = true;
    process.off('exit', killAll);
    // Joiners first, node 1 last; SIGKILL after a grace period (the datadirs are thrown away).
    for (const n of [...running].reverse()) {
      if (n.child.exitCode !== null || n.child.signalCode !== null) continue;
      n.child.kill('SIGTERM');
      const timer = setTimeout(() => n.child.kill('SIGKILL'), 10000);
      await n.exited;
      clearTimeout(timer);
    }
    if (process.env.STOREFRONT_TEST_GALERA_KEEP) process.stderr.write(`galera: kept ${root}\n`);
    else rmSync(root, { recursive: true, force: true });
  }

  try {
    // One mariadb-install-db, copied to every node: the system tables are the same everywhere.
    const template = join(root, 'template');
    const init = spawnSync(
      installer,
      [
        '--no-defaults',
        `--datadir=${template}`,
        `--user=${user}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
      ],
      { encoding: 'utf8' },
    );
    if (init.status !== 0)
      throw new Error(`mariadb-install-db failed: ${(init.stderr || init.stdout).slice(-800)}`);

    const ports = await freePorts(count * 4);
    const nodePorts = Array.from({ length: count }, (_, i) => ({
      sql: ports[i * 4],
      gcomm: ports[i * 4 + 1],
      ist: ports[i * 4 + 2],
      sst: ports[i * 4 + 3],
    }));
    const clusterAddress = `gcomm://${nodePorts.map((p) => `127.0.0.1:${p.gcomm}`).join(',')}`;

    const startNode = (index: number): RunningNode => {
      const p = nodePorts[index];
      const dir = join(root, `node${index + 1}`);
      const datadir = join(dir, 'data');
      mkdirSync(dir, { recursive: true });
      cpSync(template, datadir, { recursive: true });
      if (process.getuid?.() === 0) {
        const chown = spawnSync('chown', ['-R', `${user}:`, dir], { encoding: 'utf8' });
        if (chown.status !== 0) throw new Error(`chown ${user} ${dir} failed: ${chown.stderr}`);
      }
      const args = [
        '--no-defaults',
        `--datadir=${datadir}`,
        `--socket=${join(dir, 'mysqld.sock')}`,
        `--pid-file=${join(dir, 'mysqld.pid')}`,
        `--tmpdir=${dir}`,
        `--port=${p.sql}`,
        '--bind-address=127.0.0.1',
        '--skip-name-resolve',
        `--user=${user}`,
        '--innodb-buffer-pool-size=64M',
        '--innodb-log-file-size=16M',
        '--innodb-flush-log-at-trx-commit=2',
        '--max-connections=300',
        '--default-storage-engine=InnoDB',
        '--binlog-format=ROW',
        '--innodb-autoinc-lock-mode=2',
        '--wsrep-on=ON',
        `--wsrep-provider=${provider}`,
        `--wsrep-provider-options=gmcast.listen_addr=tcp://127.0.0.1:${p.gcomm};ist.recv_addr=127.0.0.1:${p.ist};gcache.size=64M;evs.suspect_timeout=PT5S;evs.inactive_timeout=PT10S`,
        '--wsrep-cluster-name=storefront-test',
        `--wsrep-cluster-address=${index === 0 ? 'gcomm://' : clusterAddress}`,
        `--wsrep-node-name=node${index + 1}`,
        `--wsrep-node-address=127.0.0.1:${p.gcomm}`,
        `--wsrep-node-incoming-address=127.0.0.1:${p.sql}`,
        `--wsrep-sst-method=${sst}`,
        `--wsrep-sst-receive-address=127.0.0.1:${p.sst}`,
        '--wsrep-slave-threads=4',
        // Read-your-writes across nodes: a read waits until the node has applied what the cluster
        // committed before it started.
        `--wsrep-sync-wait=${syncWait}`,
      ];
      if (index === 0) args.push('--wsrep-new-cluster');
      const child = spawn(server, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const output: string[] = [];
      const log = createWriteStream(join(dir, 'mariadbd.log'));
      const keep = (chunk: Buffer) => {
        log.write(chunk);
        output.push(chunk.toString());
        if (output.length > 80) output.shift();
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const node = { index, dir, port: p.sql, child, output, exited };
      running.push(node);
      return node;
    };

    const tail = (n: RunningNode) => n.output.join('').slice(-1500);

    /** Waits until the node accepts connections, is synced and sees `size` members. */
    const waitReady = async (n: RunningNode, size: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      let last = 'no connection yet';
      for (;;) {
        if (n.child.exitCode !== null || n.child.signalCode !== null)
          throw new Error(
            `galera node${n.index + 1} exited (${n.child.exitCode ?? n.child.signalCode}): ${tail(n)}`,
          );
        let conn: mysql.Connection | null = null;
        try {
          conn = await mysql.createConnection({
            host: '127.0.0.1',
            port: n.port,
            user: 'root',
            password: '',
          });
          const [rows] = await conn.query(
            "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_ready','wsrep_cluster_size','wsrep_local_state_comment','wsrep_cluster_status')",
          );
          const status = Object.fromEntries(
            (rows as Array<{ Variable_name: string; Value: string }>).map((r) => [r.Variable_name, r.Value]),
          );
          last = JSON.stringify(status);
          if (
            status.wsrep_ready === 'ON' &&
            status.wsrep_cluster_status === 'Primary' &&
            status.wsrep_local_state_comment === 'Synced' &&
            Number(status.wsrep_cluster_size) === size
          )
            return;
        } catch (err) {
          last = (err as Error).message;
        } finally {
          await conn?.end().catch(() => {});
        }
        if (Date.now() > deadline)
          throw new Error(
            `galera node${n.index + 1} not ready in ${timeoutMs / 1000} s (${last}): ${tail(n)}`,
          );
        await sleep(250);
      }
    };

    await waitReady(startNode(0), 1, 60000);
    // Joiners one at a time: each takes a state transfer from a synced donor.
    for (let i = 1; i < count; i++) await waitReady(startNode(i), i + 1, 120000);
    for (const n of running) await waitReady(n, count, 30000);

    const first = await mysql.createConnection({
      host: '127.0.0.1',
      port: running[0].port,
      user: 'root',
      password: '',
    });
    try {
      await first.query(
        `CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
    } finally {
      await first.end();
    }
    // DDL is replicated in total order; wait until every node shows the database.
    for (const n of running) {
      const deadline = Date.now() + 30000;
      const conn = await mysql.createConnection({
        host: '127.0.0.1',
        port: n.port,
        user: 'root',
        password: '',
      });
      try {
        for (;;) {
          const [rows] = await conn.query(
            'SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
            [database],
          );
          if ((rows as unknown[]).length === 1) break;
          if (Date.now() > deadline)
            throw new Error(`database ${database} did not replicate to node${n.index + 1}`);
          await sleep(100);
        }
      } finally {
        await conn.end();
      }
    }

    const nodes = running.map((n) => ({ url: `mysql://root@127.0.0.1:${n.port}/${database}`, port: n.port }));
    return { urls: nodes.map((n) => n.url), nodes, sstMethod: sst, stop };
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}
