// Turns a Config into ready AppDeps: database reachable and migrated, keys resolved, theme loaded.
import type { Config } from './config.js';
import { isLoopbackHost } from './config.js';
import { checkConnection, createDb, parseDatabaseUrl, type Db } from './db.js';
import { assertMigrated, migrateLatest } from './migrate.js';
import { resolveSecrets } from './secrets.js';
import { Csrf } from './http/csrf.js';
import { GuestPages } from './http/guest-pages.js';
import { Theme } from './theme/theme.js';
import { TEMPLATE_OBJECTS } from './template-objects.js';
import { CatalogReader } from './catalog/service.js';
import { MediaService } from './media/service.js';
import { TemplateError } from './theme/errors.js';
import { loadFixtures } from './fixtures/load.js';
import { seedFixtures } from './fixtures/seed.js';
import { findSiteByHostExact } from './sites/store.js';
import { unwatchPool, watchPool } from './metrics.js';
import { configurePasswordHashing } from './accounts/password-settings.js';
import { defaultFixturesFile } from './paths.js';
import { UserError } from './user-error.js';
import type { AppDeps, AppHooks } from './deps.js';

/** A theme that cannot be served; lists every error with file:line. */
export class ThemeLoadError extends UserError {
  override name = 'ThemeLoadError';
  constructor(readonly errors: TemplateError[]) {
    super(
      `the theme has ${errors.length} error(s):\n${errors.map((e) => `  ${e.where} ${e.message}`).join('\n')}`,
    );
  }
}

/** Notes for the start-up banner. */
export interface BootNotes {
  lines: string[];
}

/** Migrates and seeds the embedded database on first start (demo data when the catalog is empty). */
async function prepareEmbedded(db: Db, notes: BootNotes, fixturesFile: string): Promise<void> {
  const applied = await migrateLatest(db);
  if (applied.length) notes.lines.push(`created the database schema (${applied.length} migrations)`);
  const products = (await db('products').count({ n: '*' }).first()) as { n: number | string };
  if (Number(products.n) === 0) {
    const site = (await findSiteByHostExact(db, undefined))!;
    await seedFixtures(db, site, loadFixtures(fixturesFile));
    notes.lines.push(`loaded the demo data from ${fixturesFile}`);
  }
}

/** Opens the databases and builds the dependencies of createApp. */
export async function bootstrap(
  config: Config,
  mode: 'serve' | 'dev',
  options: { hooks?: AppHooks; theme?: Theme; fixturesFile?: string; poolMax?: number } = {},
): Promise<{ deps: AppDeps; notes: BootNotes; close(): Promise<void> }> {
  const notes: BootNotes = { lines: [] };
  const parsed = parseDatabaseUrl(config.databaseUrl);
  // Before anything is hashed (seeding the embedded database hashes the fixture accounts' passwords).
  configurePasswordHashing(config);
  const dbOptions = { poolMax: options.poolMax, timeoutMs: config.dbTimeoutMs, debug: config.debug };
  const db = createDb(config.databaseUrl, dbOptions);
  const readDb = config.databaseReadUrl ? createDb(config.databaseReadUrl, dbOptions) : db;
  watchPool('primary', db);
  if (readDb !== db) watchPool('replica', readDb);
  let media: MediaService | null = null;
  const close = async () => {
    media?.close();
    unwatchPool('primary', db);
    if (readDb !== db) unwatchPool('replica', readDb);
    await db.destroy();
    if (readDb !== db) await readDb.destroy();
  };
  try {
    await checkConnection(db, config.databaseUrl);
    if (readDb !== db) await checkConnection(readDb, config.databaseReadUrl!);
    if (parsed.engine === 'sqlite' && (config.databaseUrlSource === 'default' || mode === 'dev')) {
      await prepareEmbedded(db, notes, options.fixturesFile ?? defaultFixturesFile);
    } else {
      await assertMigrated(db);
    }
    const { keys, source } = resolveSecrets(config, mode);
    if (source !== 'STOREFRONT_SECRET') notes.lines.push(`cookie keys: ${source}`);
    const theme = options.theme ?? Theme.load(config.themeDir, TEMPLATE_OBJECTS);
    if (mode === 'serve') {
      const errors = theme.errors();
      if (errors.length) throw new ThemeLoadError(errors);
    }
    const plainHttpAllowed = mode === 'dev' || config.allowHttp || isLoopbackHost(config.host);
    media = new MediaService(readDb, { cacheBytes: config.mediaCacheMb * 1024 * 1024 });
    const deps: AppDeps = {
      config,
      mode,
      db,
      readDb,
      // dev shows fixture and database edits on the next reload, so it never reuses catalog objects
      catalog: new CatalogReader(readDb, mode === 'dev' ? 0 : config.catalogCacheMs),
      media,
      // dev re-renders every page (edits show at once); serve shares guests' pages like catalog objects
      guestPages:
        mode === 'dev' || config.catalogCacheMs === 0 ? null : new GuestPages(config.catalogCacheMs),
      theme: () => theme,
      csrf: new Csrf(keys),
      plainHttpAllowed,
      keys,
      hooks: options.hooks ?? {},
    };
    return { deps, notes, close };
  } catch (err) {
    await close();
    throw err;
  }
}
