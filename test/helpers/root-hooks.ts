// Mocha root hooks: count the MySQL tests that really ran, print the figure, stop the throwaway server.
import { stopSharedMysql } from './mariadb.js';

let mysqlPassed = 0;

export const mochaHooks = {
  afterEach(this: Mocha.Context) {
    const test = this.currentTest;
    if (test?.state === 'passed' && test.fullTitle().includes('[mysql]')) mysqlPassed += 1;
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(30000);
    process.stdout.write(`\nMySQL tests executed: ${mysqlPassed}\n`);
    if (process.env.CI === 'true' && mysqlPassed === 0) {
      process.stdout.write('CI=true but no MySQL test ran\n');
      process.exitCode = 1;
    }
    await stopSharedMysql();
  },
};
