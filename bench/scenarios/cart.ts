// Scenario `cart`: cart/add then cart/get in a loop, one guest session per connection, on MySQL.
// Each visitor adds the same variant (quantity 1) so the cart stays one line; every 500 iterations
// the line is set back to quantity 1 (cart/update, not reported) so it never reaches the 999 cap.
import type { Scenario } from '../context.js';
import type { Row } from '../report.js';
import { skippedRow } from '../report.js';
import { withTeardown } from '../teardown.js';
import { availableVariantIds } from '../databases.js';
import { startServe } from '../serve-process.js';
import { flowFailureNote, runFlow } from '../flow.js';
import { cartSteps, newVisitor } from '../visitor.js';
import { sampleRss } from '../rss.js';
import { mb } from '../report.js';
import { ceilingCartSteps, runWriteCeiling, startWriteCeilings, writeRatioNote } from '../write-ceilings.js';

export const cartScenario: Scenario = {
  name: 'cart',
  description: 'cart/add + cart/get per guest session on MySQL',
  async run(ctx) {
    const missing = ctx.mysql.unavailableReason();
    if (missing)
      return { rows: [skippedRow('POST /_post/cart/add + cart/get', 'mysql', missing)], details: null };
    const o = ctx.options;
    return withTeardown(async (t) => {
      const databaseUrl = await ctx.mysql.database(t, 'bench_cart');
      const serve = await startServe(t, { databaseUrl });
      const variants = await availableVariantIds(databaseUrl, 5);
      const visitors = [];
      for (let i = 0; i < o.connections; i++)
        visitors.push(await newVisitor(serve.url, { addVariant: variants[i % variants.length] }));
      const rss = sampleRss(serve.pid);
      ctx.log('  mysql: cart/add + cart/get');
      const result = await runFlow({
        url: serve.url,
        visitors,
        durationS: o.durationS,
        warmupS: o.warmupS,
        iteration: (v, i) => cartSteps(variants[v % variants.length], i),
      });
      const memory = rss.stop();
      // The write ceiling on the same database, the same visitors' carts, the same alternation.
      await serve.stop();
      const ceilingServer = await startWriteCeilings(t, databaseUrl);
      ctx.log('  mysql: write ceiling (bare Koa + mysql2): cart-add + cart-get');
      const ceiling = await runWriteCeiling(ceilingServer, o, ceilingCartSteps);
      const rows: Row[] = [];
      for (const name of ['cart/add', 'cart/get']) {
        const s = result.steps[name];
        rows.push({
          scenario: `POST /_post/${name} (alternating)`,
          engine: 'mysql',
          rps: s?.rps ?? null,
          p50_ms: s?.p50_ms ?? null,
          p99_ms: s?.p99_ms ?? null,
          notes: [
            `${o.connections} guest sessions`,
            writeRatioNote(s?.rps ?? null, ceiling.steps[name]),
            flowFailureNote(s),
            name === 'cart/get' ? `serve peak RSS ${mb(memory.hwm_sum_kb)}` : '',
          ]
            .filter(Boolean)
            .join('; '),
        });
      }
      const c = ceiling.steps['cart/add'];
      rows.push({
        scenario: 'ceiling: cart/add (bare Koa + mysql2, same statements)',
        engine: 'mysql',
        rps: c?.rps ?? null,
        p50_ms: c?.p50_ms ?? null,
        p99_ms: c?.p99_ms ?? null,
        notes: [
          '6 reads + 2 writes (4 statements in 1 transaction); alternating with cart/get (2 reads)',
          flowFailureNote(c),
        ]
          .filter(Boolean)
          .join('; '),
      });
      return { rows, details: { ...result, rss: memory, ceiling } };
    });
  },
};
