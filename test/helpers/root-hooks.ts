// Mocha root hooks: count the MySQL tests that really ran, print the figure, stop the throwaway server.
import { skippedMysqlSuites } from './engines.js';
import { mysqlSkipReason, mysqlTestsRequired, stopSharedMysql } from './mariadb.js';

let mysqlPassed = 0;

export const mochaHooks = {
  afterEach(this: Mocha.Context) {
    const test = this.currentTest;
    if (test?.state === 'passed' && test.fullTitle().includes('[mysql]')) mysqlPassed += 1;
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(30000);
    process.stdout.write(`\nMySQL tests executed: ${mysqlPassed}\n`);
    if (skippedMysqlSuites.length)
      process.stdout.write(`${mysqlSkipReason()} (${skippedMysqlSuites.length} suites)\n`);
    if (mysqlTestsRequired() && mysqlPassed === 0) {
      process.stdout.write(
        'MySQL tests are required here (STOREFRONT_TEST_MYSQL=required or CI=true) but none ran\n',
      );
      process.exitCode = 1;
    }
    await stopSharedMysql();
  },
};
