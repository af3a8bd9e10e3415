// Runs a describe block on SQLite and on MySQL/MariaDB, each with a fresh empty database.
import { randomBytes } from 'node:crypto';
import { mysqlUrlForTests, freshMysqlDatabase } from './mariadb.js';
import { tempSqliteUrl } from './server.js';

export interface EngineContext {
  url: () => string;
  engine: 'sqlite' | 'mysql';
}

/** describe(`${title} [sqlite]`) and describe(`${title} [mysql]`) with a fresh database URL in ctx.url(). */
export function forEachEngine(title: string, fn: (ctx: EngineContext) => void): void {
  describe(`${title} [sqlite]`, function () {
    let url = '';
    let cleanup = () => {};
    before(() => {
      const tmp = tempSqliteUrl();
      url = tmp.url;
      cleanup = tmp.cleanup;
    });
    after(() => cleanup());
    fn({ url: () => url, engine: 'sqlite' });
  });

  describe(`${title} [mysql]`, function () {
    let url = '';
    before(async function () {
      this.timeout(90000);
      const server = await mysqlUrlForTests();
      if (!server) return this.skip();
      const name = `sf_${title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .slice(0, 40)}_${randomBytes(4).toString('hex')}`;
      url = await freshMysqlDatabase(server.url, name);
    });
    fn({ url: () => url, engine: 'mysql' });
  });
}
