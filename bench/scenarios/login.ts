// Scenario `login`: the p99 of GET /products while 10 sign-ins per second run at the DEFAULT bcrypt
// cost (serve's environment has no STOREFRONT_BCRYPT_COST), against the p99 without them, on MySQL.
// Accounts are registered through the real endpoint (so their hashes have serve's default cost,
// which is read back from the database and reported); logins rotate over them, each from its own
// X-Forwarded-For address (serve --trust-proxy), so the rate limiter does not turn them into 429s.
import type { Scenario } from '../context.js';
import type { Row } from '../report.js';
import { skippedRow } from '../report.js';
import { withTeardown } from '../teardown.js';
import { startServe } from '../serve-process.js';
import { failureNote, hammer } from '../load.js';
import { registerAccounts, startLogins } from '../login-driver.js';
import { createDb } from '../../runtime/db.js';
import { ratio } from '../stats.js';

const LOGIN_RATE = 10;
const ACCOUNTS = 20;

/** The bcrypt cost stored in the registered accounts' hashes ($2b$10$… → 10). */
async function storedCost(databaseUrl: string): Promise<number | null> {
  const db = createDb(databaseUrl);
  try {
    const row = (await db('accounts').where('email', 'like', 'bench-%').first('password_hash')) as
      { password_hash: string } | undefined;
    const m = row && /^\$2[aby]?\$(\d{2})\$/.exec(row.password_hash);
    return m ? Number(m[1]) : null;
  } finally {
    await db.destroy();
  }
}

export const loginScenario: Scenario = {
  name: 'login',
  description: `/products p99 with ${LOGIN_RATE} logins/s at the default bcrypt cost vs without, on MySQL`,
  async run(ctx) {
    const missing = ctx.mysql.unavailableReason();
    if (missing)
      return {
        rows: [skippedRow(`GET /products + ${LOGIN_RATE} logins/s`, 'mysql', missing)],
        details: null,
      };
    const o = ctx.options;
    return withTeardown(async (t) => {
      const databaseUrl = await ctx.mysql.database(t, 'bench_login');
      const serve = await startServe(t, { databaseUrl, trustProxy: true });
      ctx.log(`  registering ${ACCOUNTS} accounts`);
      const accounts = await registerAccounts(serve.url, ACCOUNTS);
      const cost = await storedCost(databaseUrl);
      const load = {
        url: serve.url,
        path: '/products',
        connections: o.connections,
        durationS: o.durationS,
        warmupS: o.warmupS,
      };
      // A-B-A: the no-login reference is measured before and after the run with logins, so a drift
      // of the machine (other work, JIT, buffer pool) does not count for or against the logins
      ctx.log('  mysql: GET /products without logins (before)');
      const before = await hammer(load);
      ctx.log(`  mysql: GET /products with ${LOGIN_RATE} logins/s`);
      // the logins start with the warm-up and run through the measured window
      const logins = await startLogins(serve.url, accounts, LOGIN_RATE);
      const busy = await hammer(load);
      const loginFigures = await logins.stop();
      ctx.log('  mysql: GET /products without logins (after)');
      const after = await hammer(load);
      const mean = (a: number, b: number) => Math.round(((a + b) / 2) * 100) / 100;
      const quiet = {
        rps: Math.round((before.rps + after.rps) / 2),
        p50_ms: mean(before.p50_ms, after.p50_ms),
        p99_ms: mean(before.p99_ms, after.p99_ms),
        non2xx: before.non2xx + after.non2xx,
        errors: before.errors + after.errors,
        timeouts: before.timeouts + after.timeouts,
      };
      const p99Ratio = ratio(busy.p99_ms, quiet.p99_ms);
      const others = Object.entries(loginFigures.other).map(([k, v]) => `${k}×${v}`);
      const rows: Row[] = [
        {
          scenario: 'GET /products, no logins',
          engine: 'mysql',
          rps: quiet.rps,
          p50_ms: quiet.p50_ms,
          p99_ms: quiet.p99_ms,
          notes: `reference: mean of the runs before and after (p99 ${before.p99_ms} / ${after.p99_ms} ms)${failureNote(quiet)}`,
        },
        {
          scenario: `GET /products + ${LOGIN_RATE} logins/s`,
          engine: 'mysql',
          rps: busy.rps,
          p50_ms: busy.p50_ms,
          p99_ms: busy.p99_ms,
          notes: `p99 ${p99Ratio ?? '?'}× of no-login p99 (goal ≤ 2×: ${p99Ratio !== null && p99Ratio <= 2 ? 'met' : 'NOT met'})${failureNote(busy)}`,
        },
        {
          scenario: `POST /_post/auth/login (bcrypt cost ${cost ?? '?'}, default)`,
          engine: 'mysql',
          rps: loginFigures.achieved_per_s,
          p50_ms: loginFigures.p50_ms,
          p99_ms: loginFigures.p99_ms,
          notes: `${loginFigures.succeeded}/${loginFigures.attempted} succeeded, ${loginFigures.rate_limited} × 429${others.length ? `, ${others.join(', ')}` : ''}; ${ACCOUNTS} accounts, distinct X-Forwarded-For`,
        },
      ];
      return { rows, details: { before, busy, after, logins: loginFigures, bcrypt_cost: cost } };
    });
  },
};
