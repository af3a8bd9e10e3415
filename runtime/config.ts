// Flags > environment > defaults, validated into one typed Config. Errors name the bad value.
import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { starterThemeDir } from './paths.js';
import { parseDatabaseUrl } from './database-url.js';
import { ConfigError } from './config-error.js';

export { ConfigError };

export interface Config {
  /** Database URL as given (mysql://… or sqlite:…) and where it came from. */
  databaseUrl: string;
  databaseUrlSource: 'flag' | 'environment' | 'default';
  /** Optional read replica for catalog reads. */
  databaseReadUrl: string | null;
  port: number;
  host: string;
  /** Cookie/HMAC keys, newest first; null when none was configured. */
  secrets: string[] | null;
  themeDir: string;
  workers: number;
  allowHttp: boolean;
  /** How many reverse proxies stand in front (0 = none: X-Forwarded-* are ignored). */
  trustProxy: number;
  /** How long each process reuses a rendered catalog object (products.*); 0 = never. */
  catalogCacheMs: number;
  /** Deadline of every database query (and of acquiring a connection), in milliseconds. */
  dbTimeoutMs: number;
  /** Accepted registrations per client address per hour. */
  registerLimit: number;
  /** Where /metrics is served (its own listener), or null when metrics are off. */
  metrics: { host: string; port: number } | null;
  /** bcrypt cost of new password hashes (STOREFRONT_BCRYPT_COST). */
  bcryptCost: number;
  /** Password hashing worker threads (STOREFRONT_HASH_THREADS). */
  hashThreads: number;
  /** Most password jobs waiting for a hashing thread (STOREFRONT_HASH_QUEUE). */
  hashQueue: number;
  /** Log what knex reports as errors to stderr (STOREFRONT_DEBUG). */
  debug: boolean;
  /** Disk each process may use for resized product images (STOREFRONT_MEDIA_CACHE_MB). */
  mediaCacheMb: number;
}

/** The command-line flags that feed the Config (commander hands them over as strings). */
export interface ConfigFlags {
  database?: string;
  port?: string | number;
  host?: string;
  secret?: string;
  theme?: string;
  workers?: string | number;
  allowHttp?: boolean;
  /** `--trust-proxy` alone is true (one proxy); `--trust-proxy 2` is the string "2". */
  trustProxy?: boolean | string | number;
  catalogCacheMs?: string | number;
  dbTimeoutMs?: string | number;
  registerLimit?: string | number;
  /** `--metrics` alone is true (127.0.0.1:9464); else "PORT" or "HOST:PORT". */
  metrics?: boolean | string;
}

/** The embedded database used when neither --database nor DATABASE_URL is given. */
export const DEFAULT_DATABASE_URL = 'sqlite:./storefront.sqlite';
export const MIN_SECRET_LENGTH = 32;
/** Catalog changes (an operator's `seed`) show on every process within this many milliseconds. */
export const DEFAULT_CATALOG_CACHE_MS = 2000;
export const DEFAULT_DB_TIMEOUT_MS = 5000;
export const DEFAULT_REGISTER_LIMIT = 50;
/** The port OpenTelemetry's Prometheus exporter uses; loopback unless a host is named. */
export const DEFAULT_METRICS_PORT = 9464;
/**
 * OWASP's floor for bcrypt, and what pure-JS bcrypt can do ten times a second beside the page
 * traffic. `storefront dev` uses 4: its accounts are demo data in memory.
 */
export const DEFAULT_BCRYPT_COST = 10;
/** Resized images kept on each process's local disk; the originals are in the database. */
export const DEFAULT_MEDIA_CACHE_MB = 256;

/** Password hashing threads when none are configured: one core fewer than the machine has, 1–4. */
export function defaultHashThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * Password jobs that may wait for a thread when not configured: 32 per thread (at cost 10, about
 * 2 s of work per thread: a sign-in waits at most that long before it is refused instead).
 */
export function defaultHashQueue(threads: number): number {
  return 32 * threads;
}

function pick<T>(flag: T | undefined, envValue: T | undefined, fallback: T): T {
  if (flag !== undefined && flag !== '') return flag;
  if (envValue !== undefined && envValue !== '') return envValue;
  return fallback;
}

function parseIntInRange(name: string, raw: string | number, min: number, max: number): number {
  const text = String(raw).trim();
  if (!/^\d+$/.test(text))
    throw new ConfigError(`${name} must be an integer, got ${JSON.stringify(String(raw))}`);
  const value = Number(text);
  if (value < min || value > max)
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** Splits a comma-separated STOREFRONT_SECRET into keys (the first signs, all verify). */
export function parseSecrets(raw: string): string[] {
  const keys = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (keys.length === 0) throw new ConfigError('STOREFRONT_SECRET is empty');
  for (const key of keys) {
    if (key.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(
        `STOREFRONT_SECRET: each key needs at least ${MIN_SECRET_LENGTH} characters (one has ${key.length})`,
      );
    }
  }
  return keys;
}

/** Builds the validated Config from flags, then the environment, then defaults. */
export function loadConfig(
  flags: ConfigFlags = {},
  env: NodeJS.ProcessEnv = process.env,
  defaults: { port?: number; bcryptCost?: number } = {},
): Config {
  const databaseUrl = pick(flags.database, env.DATABASE_URL, DEFAULT_DATABASE_URL);
  const databaseUrlSource = flags.database ? 'flag' : env.DATABASE_URL ? 'environment' : 'default';
  parseDatabaseUrl(databaseUrl); // throws a ConfigError naming the URL when it is malformed
  const databaseReadUrl = env.DATABASE_READ_URL ? env.DATABASE_READ_URL : null;
  if (databaseReadUrl) parseDatabaseUrl(databaseReadUrl);

  const port = parseIntInRange(
    'port',
    pick<string | number>(flags.port, env.PORT, defaults.port ?? 3000),
    0,
    65535,
  );
  const host = String(pick(flags.host, env.HOST, '127.0.0.1')).trim();
  if (!/^[A-Za-z0-9.:_\-[\]]+$/.test(host))
    throw new ConfigError(`host is not a valid address: ${JSON.stringify(host)}`);

  const secretRaw = pick(flags.secret, env.STOREFRONT_SECRET, '');
  const secrets = secretRaw ? parseSecrets(secretRaw) : null;

  const themeRaw = pick(flags.theme, undefined, starterThemeDir);
  const themeDir = isAbsolute(themeRaw) ? themeRaw : resolve(themeRaw);
  const workers = parseIntInRange(
    'workers',
    pick<string | number>(flags.workers, env.STOREFRONT_WORKERS, 1),
    1,
    64,
  );
  const catalogCacheMs = parseIntInRange(
    'catalog cache (ms)',
    pick<string | number>(flags.catalogCacheMs, env.STOREFRONT_CATALOG_CACHE_MS, DEFAULT_CATALOG_CACHE_MS),
    0,
    60000,
  );

  const dbTimeoutMs = parseIntInRange(
    'database timeout (ms)',
    pick<string | number>(flags.dbTimeoutMs, env.STOREFRONT_DB_TIMEOUT_MS, DEFAULT_DB_TIMEOUT_MS),
    100,
    600000,
  );
  const registerLimit = parseIntInRange(
    'register limit (per address per hour)',
    pick<string | number>(flags.registerLimit, env.STOREFRONT_REGISTER_LIMIT, DEFAULT_REGISTER_LIMIT),
    1,
    1000000,
  );
  const bcryptCost = parseIntInRange(
    'STOREFRONT_BCRYPT_COST',
    pick<string | number>(undefined, env.STOREFRONT_BCRYPT_COST, defaults.bcryptCost ?? DEFAULT_BCRYPT_COST),
    4,
    15,
  );
  const hashThreads = parseIntInRange(
    'STOREFRONT_HASH_THREADS',
    pick<string | number>(undefined, env.STOREFRONT_HASH_THREADS, defaultHashThreads()),
    1,
    64,
  );
  const hashQueue = parseIntInRange(
    'STOREFRONT_HASH_QUEUE',
    pick<string | number>(undefined, env.STOREFRONT_HASH_QUEUE, defaultHashQueue(hashThreads)),
    1,
    100000,
  );

  const mediaCacheMb = parseIntInRange(
    'STOREFRONT_MEDIA_CACHE_MB',
    pick<string | number>(undefined, env.STOREFRONT_MEDIA_CACHE_MB, DEFAULT_MEDIA_CACHE_MB),
    8,
    1000000,
  );

  return {
    databaseUrl,
    databaseUrlSource,
    databaseReadUrl,
    port,
    host,
    secrets,
    themeDir,
    workers,
    allowHttp: Boolean(flags.allowHttp),
    trustProxy: parseTrustProxy(
      pick<boolean | string | number>(flags.trustProxy, env.STOREFRONT_TRUST_PROXY, 0),
    ),
    catalogCacheMs,
    dbTimeoutMs,
    registerLimit,
    metrics: parseMetrics(pick<boolean | string>(flags.metrics, env.STOREFRONT_METRICS, false)),
    bcryptCost,
    hashThreads,
    hashQueue,
    debug: parseBoolean('STOREFRONT_DEBUG', env.STOREFRONT_DEBUG ?? ''),
    mediaCacheMb,
  };
}

/** An on/off environment variable: 1/true/yes/on, or 0/false/no/off/empty. */
function parseBoolean(name: string, raw: string): boolean {
  const text = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(text)) return false;
  throw new ConfigError(`${name} must be 1/true/yes/on or 0/false/no/off, got ${JSON.stringify(raw)}`);
}

/** `--trust-proxy [HOPS]`: true (the bare flag) is one proxy; false/0 is none; else 1–10 hops. */
function parseTrustProxy(raw: boolean | string | number): number {
  if (raw === true) return 1;
  if (raw === false) return 0;
  const text = String(raw).trim().toLowerCase();
  if (text === 'true') return 1;
  if (text === 'false') return 0;
  return parseIntInRange('trust-proxy (number of proxies in front)', text, 0, 10);
}

/** `--metrics [[HOST:]PORT]`: true (the bare flag) is 127.0.0.1:9464; false is off. */
function parseMetrics(raw: boolean | string): { host: string; port: number } | null {
  if (raw === false || raw === 'false' || raw === '0') return null;
  if (raw === true || raw === 'true') return { host: '127.0.0.1', port: DEFAULT_METRICS_PORT };
  const text = String(raw).trim();
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):)?(\d+)$/.exec(text);
  if (!match) throw new ConfigError(`metrics must be PORT or HOST:PORT, got ${JSON.stringify(text)}`);
  const port = parseIntInRange('metrics port', match[2]!, 1, 65535);
  return { host: (match[1] ?? '127.0.0.1').replace(/^\[|\]$/g, ''), port };
}

/** True for addresses only this machine can reach, where plain HTTP cookies are acceptable. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
