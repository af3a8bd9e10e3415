// Mocha root hooks of `npm run test:cluster`: stop the shared cluster after the last test.
import { stopCluster } from './harness.js';

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(120000);
    await stopCluster();
  },
};
