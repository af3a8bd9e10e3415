// Where the cookie/HMAC keys come from: STOREFRONT_SECRET, else (embedded SQLite only) a key file
// created beside the database file, else (dev) a key made for this process.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigError, parseSecrets, type Config } from './config.js';
import { parseDatabaseUrl } from './db.js';

/** The keys to sign with (first) and verify with (all). */
export function resolveSecrets(config: Config, mode: 'serve' | 'dev'): { keys: string[]; source: string } {
  if (config.secrets) return { keys: config.secrets, source: 'STOREFRONT_SECRET' };
  const parsed = parseDatabaseUrl(config.databaseUrl);
  if (mode === 'dev' || parsed.filename === ':memory:')
    return { keys: [randomBytes(32).toString('base64url')], source: 'generated for this process' };
  if (parsed.engine === 'sqlite') {
    const file = join(dirname(parsed.filename!), 'storefront.secret');
    if (!existsSync(file)) {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
    }
    return { keys: parseSecrets(readFileSync(file, 'utf8').trim()), source: file };
  }
  throw new ConfigError(
    'STOREFRONT_SECRET is required with MySQL: at least 32 random characters, the same for every serve process (comma-separate keys to rotate)',
  );
}
