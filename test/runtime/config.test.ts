// Configuration: flags win over the environment, which wins over defaults; bad values are refused
// with a message that names them.
import { expect } from 'chai';
import {
  ConfigError,
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
    });
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
