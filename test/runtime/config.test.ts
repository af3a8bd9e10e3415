// Configuration: flags win over the environment, which wins over defaults; bad values are refused
// with a message that names them.
import { availableParallelism } from 'node:os';
import { expect } from 'chai';
import {
  ConfigError,
  DEFAULT_BCRYPT_COST,
  DEFAULT_CATALOG_CACHE_MS,
  DEFAULT_DATABASE_URL,
  loadConfig,
} from '../../runtime/config.js';
import { UserError } from '../../runtime/user-error.js';

const SECRET = 'k'.repeat(32);

describe('runtime/config', () => {
  it('takes defaults when neither flags nor environment say anything', () => {
    const c = loadConfig({}, {});
    expect(c).to.include({
      databaseUrl: DEFAULT_DATABASE_URL,
      databaseUrlSource: 'default',
      port: 3000,
      host: '127.0.0.1',
      workers: 1,
      catalogCacheMs: DEFAULT_CATALOG_CACHE_MS,
      secrets: null,
      databaseReadUrl: null,
      bcryptCost: DEFAULT_BCRYPT_COST,
      debug: false,
    });
    expect(DEFAULT_BCRYPT_COST).to.equal(10);
    const threads = Math.max(1, Math.min(4, availableParallelism() - 1));
    expect(c).to.include({ hashThreads: threads, hashQueue: 32 * threads });
  });

  it('reads the hashing and debug tuning from the environment', () => {
    const c = loadConfig(
      {},
      { STOREFRONT_BCRYPT_COST: '12', STOREFRONT_HASH_THREADS: '3', STOREFRONT_DEBUG: 'true' },
    );
    expect(c).to.include({ bcryptCost: 12, hashThreads: 3, hashQueue: 96, debug: true });
    expect(loadConfig({}, { STOREFRONT_HASH_QUEUE: '10', STOREFRONT_DEBUG: '0' })).to.include({
      hashQueue: 10,
      debug: false,
    });
    // `storefront dev` asks for cheap demo hashes; the environment still wins
    expect(loadConfig({}, {}, { bcryptCost: 4 }).bcryptCost).to.equal(4);
    expect(loadConfig({}, { STOREFRONT_BCRYPT_COST: '6' }, { bcryptCost: 4 }).bcryptCost).to.equal(6);
  });

  it('prefers flags over the environment, and the environment over defaults', () => {
    const env = {
      DATABASE_URL: 'sqlite:env.sqlite',
      PORT: '4001',
      HOST: '0.0.0.0',
      STOREFRONT_WORKERS: '3',
      STOREFRONT_CATALOG_CACHE_MS: '0',
      STOREFRONT_SECRET: SECRET,
    };
    const fromEnv = loadConfig({}, env);
    expect(fromEnv).to.include({
      databaseUrlSource: 'environment',
      port: 4001,
      host: '0.0.0.0',
      workers: 3,
      catalogCacheMs: 0,
    });
    const fromFlags = loadConfig(
      { database: 'sqlite:flag.sqlite', port: '4002', workers: '2', catalogCacheMs: '500' },
      env,
    );
    expect(fromFlags).to.include({ databaseUrlSource: 'flag', port: 4002, workers: 2, catalogCacheMs: 500 });
    expect(fromFlags.databaseUrl).to.equal('sqlite:flag.sqlite');
  });

  it('reads --trust-proxy [HOPS], the database deadline, the register limit and --metrics [ADDR]', () => {
    const defaults = loadConfig({}, {});
    expect(defaults).to.include({ trustProxy: 0, dbTimeoutMs: 5000, registerLimit: 50 });
    expect(defaults.metrics).to.equal(null);
    expect(loadConfig({ trustProxy: true }, {}).trustProxy).to.equal(1); // the bare flag
    expect(loadConfig({ trustProxy: '2' }, {}).trustProxy).to.equal(2);
    expect(loadConfig({}, { STOREFRONT_TRUST_PROXY: 'true' }).trustProxy).to.equal(1);
    expect(loadConfig({}, { STOREFRONT_DB_TIMEOUT_MS: '1500' }).dbTimeoutMs).to.equal(1500);
    expect(loadConfig({ registerLimit: '7' }, { STOREFRONT_REGISTER_LIMIT: '9' }).registerLimit).to.equal(7);
    expect(loadConfig({ metrics: true }, {}).metrics).to.deep.equal({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ metrics: '9100' }, {}).metrics).to.deep.equal({ host: '127.0.0.1', port: 9100 });
    expect(loadConfig({}, { STOREFRONT_METRICS: '10.0.0.5:9100' }).metrics).to.deep.equal({
      host: '10.0.0.5',
      port: 9100,
    });
    expect(loadConfig({ metrics: '[::1]:9100' }, {}).metrics).to.deep.equal({ host: '::1', port: 9100 });
  });

  it('splits a comma-separated secret into rotating keys, newest first', () => {
    expect(loadConfig({}, { STOREFRONT_SECRET: `${SECRET}, ${'o'.repeat(40)}` }).secrets).to.deep.equal([
      SECRET,
      'o'.repeat(40),
    ]);
  });

  const bad: Array<[string, Parameters<typeof loadConfig>[0], NodeJS.ProcessEnv, RegExp]> = [
    ['a port that is not a number', { port: '80a' }, {}, /port must be an integer, got "80a"/],
    ['a port out of range', { port: '70000' }, {}, /port must be between 0 and 65535, got 70000/],
    [
      'a negative catalog cache',
      { catalogCacheMs: '-1' },
      {},
      /catalog cache \(ms\) must be an integer, got "-1"/,
    ],
    [
      'a catalog cache over a minute',
      {},
      { STOREFRONT_CATALOG_CACHE_MS: '60001' },
      /catalog cache \(ms\) must be between 0 and 60000/,
    ],
    ['a fractional worker count', { workers: '1.5' }, {}, /workers must be an integer, got "1.5"/],
    ['zero workers', {}, { STOREFRONT_WORKERS: '0' }, /workers must be between 1 and 64, got 0/],
    ['a short secret', {}, { STOREFRONT_SECRET: 'short' }, /at least 32 characters \(one has 5\)/],
    ['an unsupported database URL', { database: 'postgres://x/y' }, {}, /is not supported/],
    ['a bad read-replica URL', {}, { DATABASE_READ_URL: 'mysql://host' }, /names no database/],
    ['a host with a space', { host: 'local host' }, {}, /host is not a valid address: "local host"/],
    [
      'a proxy count that is a word',
      { trustProxy: 'yes' },
      {},
      /trust-proxy .* must be an integer, got "yes"/,
    ],
    ['more than 10 proxies', {}, { STOREFRONT_TRUST_PROXY: '11' }, /trust-proxy .* between 0 and 10/],
    [
      'a database deadline under 100 ms',
      { dbTimeoutMs: '50' },
      {},
      /database timeout \(ms\) must be between/,
    ],
    ['a register limit of 0', {}, { STOREFRONT_REGISTER_LIMIT: '0' }, /register limit .* between 1 and/],
    [
      'a metrics address with a path',
      { metrics: 'localhost:9464/x' },
      {},
      /metrics must be PORT or HOST:PORT/,
    ],
    ['a metrics port out of range', { metrics: '70000' }, {}, /metrics port must be between 1 and 65535/],
    [
      'a bcrypt cost of 3',
      {},
      { STOREFRONT_BCRYPT_COST: '3' },
      /STOREFRONT_BCRYPT_COST must be between 4 and 15, got 3/,
    ],
    [
      'a bcrypt cost that is a word',
      {},
      { STOREFRONT_BCRYPT_COST: 'ten' },
      /STOREFRONT_BCRYPT_COST must be an integer, got "ten"/,
    ],
    [
      'zero hash threads',
      {},
      { STOREFRONT_HASH_THREADS: '0' },
      /STOREFRONT_HASH_THREADS must be between 1 and 64, got 0/,
    ],
    [
      'an empty hash queue',
      {},
      { STOREFRONT_HASH_QUEUE: '0' },
      /STOREFRONT_HASH_QUEUE must be between 1 and 100000, got 0/,
    ],
    [
      'a debug switch that is neither on nor off',
      {},
      { STOREFRONT_DEBUG: 'maybe' },
      /STOREFRONT_DEBUG must be/,
    ],
  ];
  for (const [what, flags, env, message] of bad) {
    it(`refuses ${what} with a message naming the value`, () => {
      let thrown: unknown;
      try {
        loadConfig(flags, env);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).to.be.instanceOf(ConfigError);
      expect(thrown).to.be.instanceOf(UserError); // the CLI prints it as one line, exit 1
      expect((thrown as Error).message).to.match(message);
      expect((thrown as Error).message).not.to.include('\n');
    });
  }
});
