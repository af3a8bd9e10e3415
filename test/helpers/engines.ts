// Runs a describe block on SQLite and on MySQL/MariaDB, each with a fresh empty database.
import { randomBytes } from 'node:crypto';
import { freshMysqlDatabase, mysqlTestsAvailable, mysqlTestsRequired, mysqlUrlForTests } from './mariadb.js';
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

  describeMysql(title, function () {
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

/** Suites skipped for want of MySQL (root-hooks prints one line about them). */
export const skippedMysqlSuites: string[] = [];

/**
 * describe(`${title} [mysql]`), or describe.skip when this machine has no MySQL and none is
 * required: a skipped suite runs none of its hooks, so no half-built `after all` can fail.
 */
export function describeMysql(title: string, fn: (this: Mocha.Suite) => void): void {
  if (mysqlTestsAvailable() || mysqlTestsRequired()) {
    describe(`${title} [mysql]`, fn);
  } else {
    skippedMysqlSuites.push(title);
    describe.skip(`${title} [mysql]`, fn);
  }
}
