// Scenario `checkout`: checkout/quote, and checkout/place-order with a distinct Idempotency-Key per
// request, on MySQL. Every place-order has something to buy: each visitor's iteration is
// place-order (its cart holds one line, variant X × 1) then cart/add of X × 1 to refill it, so the
// fingerprint quoted once per visitor stays valid; only place-order is reported. The orders table
// must grow by exactly the number of 201 answers.
import type { Scenario } from '../context.js';
import type { Row } from '../report.js';
import { skippedRow } from '../report.js';
import { withTeardown } from '../teardown.js';
import { availableVariantIds, countRows } from '../databases.js';
import { startServe } from '../serve-process.js';
import { flowFailureNote, runFlow } from '../flow.js';
import { BENCH_ADDRESS, checkoutSteps, newVisitor } from '../visitor.js';
import {
  ceilingCheckoutSteps,
  runWriteCeiling,
  startWriteCeilings,
  writeRatioNote,
} from '../write-ceilings.js';

export const checkoutScenario: Scenario = {
  name: 'checkout',
  description: 'checkout/quote and place-order (distinct idempotency keys) on MySQL',
  async run(ctx) {
    const missing = ctx.mysql.unavailableReason();
    if (missing)
      return {
        rows: [
          skippedRow('POST /_post/checkout/quote', 'mysql', missing),
          skippedRow('POST /_post/checkout/place-order', 'mysql', missing),
        ],
        details: null,
      };
    const o = ctx.options;
    return withTeardown(async (t) => {
      const databaseUrl = await ctx.mysql.database(t, 'bench_checkout');
      const serve = await startServe(t, { databaseUrl });
      const variants = await availableVariantIds(databaseUrl, 5);

      // quote: visitors with a two-line cart, quoting again and again (reads only)
      const quoters = [];
      for (let i = 0; i < o.connections; i++) {
        const v = await newVisitor(serve.url, { addVariant: variants[i % variants.length] });
        const res = await v.browser.postJson(
          '/_post/cart/add',
          { variant_id: variants[(i + 1) % variants.length], quantity: 2 },
          v.token,
        );
        if (res.status !== 200) throw new Error(`cart/add: ${res.status} ${res.text.slice(0, 200)}`);
        quoters.push(v);
      }
      ctx.log('  mysql: checkout/quote');
      const quote = await runFlow({
        url: serve.url,
        visitors: quoters,
        durationS: o.durationS,
        warmupS: o.warmupS,
        iteration: () => [
          {
            step: 'quote',
            method: 'POST',
            path: '/_post/checkout/quote',
            body: { shipping_address: BENCH_ADDRESS },
          },
        ],
      });

      // place-order: one line (variant X × 1) in each cart; the fingerprint of that cart is fixed
      const buyers = [];
      const fingerprints: string[] = [];
      const items: string[] = [];
      for (let i = 0; i < o.connections; i++) {
        const item = variants[i % variants.length];
        const v = await newVisitor(serve.url, { addVariant: item });
        const q = await v.browser.postJson(
          '/_post/checkout/quote',
          { shipping_address: BENCH_ADDRESS },
          v.token,
        );
        if (q.status !== 200) throw new Error(`checkout/quote: ${q.status} ${q.text.slice(0, 200)}`);
        buyers.push(v);
        fingerprints.push((q.json as { Fingerprint: string }).Fingerprint);
        items.push(item);
      }
      const ordersBefore = await countRows(databaseUrl, 'orders');
      ctx.log('  mysql: checkout/place-order');
      const place = await runFlow({
        url: serve.url,
        visitors: buyers,
        durationS: o.durationS,
        warmupS: o.warmupS,
        iteration: (v) => checkoutSteps(fingerprints[v], items[v]),
      });
      const ordersAfter = await countRows(databaseUrl, 'orders');
      const created = ordersAfter - ordersBefore;
      // The write ceiling on the same database and the buyers' one-line carts: place-order, refill.
      await serve.stop();
      const ceilingServer = await startWriteCeilings(t, databaseUrl);
      ctx.log('  mysql: write ceiling (bare Koa + mysql2): place-order + cart-add refill');
      const ceiling = await runWriteCeiling(ceilingServer, o, ceilingCheckoutSteps);
      const c = ceiling.steps['place-order'];
      const q = quote.steps.quote;
      const p = place.steps['place-order'];
      const goal =
        p && p.rps >= 300 && p.p99_ms < 100
          ? 'goal ≥ 300/s, p99 < 100 ms met'
          : 'goal ≥ 300/s, p99 < 100 ms NOT met';
      const rows: Row[] = [
        {
          scenario: 'POST /_post/checkout/quote',
          engine: 'mysql',
          rps: q?.rps ?? null,
          p50_ms: q?.p50_ms ?? null,
          p99_ms: q?.p99_ms ?? null,
          notes: [`${o.connections} sessions, 2-line carts`, flowFailureNote(q)].filter(Boolean).join('; '),
        },
        {
          scenario: 'POST /_post/checkout/place-order',
          engine: 'mysql',
          rps: p?.rps ?? null,
          p50_ms: p?.p50_ms ?? null,
          p99_ms: p?.p99_ms ?? null,
          notes: [
            `distinct keys; each after a cart/add refill (not counted)`,
            `${created} orders created for ${p?.all_ok ?? 0} × 201 (${created === (p?.all_ok ?? 0) ? 'match' : 'MISMATCH'})`,
            writeRatioNote(p?.rps ?? null, c),
            goal,
            flowFailureNote(p),
          ]
            .filter(Boolean)
            .join('; '),
        },
        {
          scenario: 'ceiling: place-order (bare Koa + mysql2, same statements)',
          engine: 'mysql',
          rps: c?.rps ?? null,
          p50_ms: c?.p50_ms ?? null,
          p99_ms: c?.p99_ms ?? null,
          notes: [
            '2 reads + 8 writes (6 in 1 transaction), as serve; each after a cart-add refill',
            flowFailureNote(c),
          ]
            .filter(Boolean)
            .join('; '),
        },
      ];
      return { rows, details: { quote, place, orders_created: created, ceiling } };
    });
  },
};
