// Scenario `reload`: `storefront dev` reload latency (template write → WebSocket reload message),
// via bench/reload.ts.
import type { Scenario } from '../context.js';
import { benchReload } from '../reload.js';

export const reloadScenario: Scenario = {
  name: 'reload',
  description: 'dev reload latency over template edits',
  async run(ctx) {
    const edits = ctx.options.quick ? 20 : 50;
    // benchReload lowers the bcrypt cost for its dev server; keep that out of later scenarios
    const saved = process.env.STOREFRONT_BCRYPT_COST;
    let f;
    try {
      f = await benchReload({ edits, write: false });
    } finally {
      if (saved === undefined) delete process.env.STOREFRONT_BCRYPT_COST;
      else process.env.STOREFRONT_BCRYPT_COST = saved;
    }
    return {
      rows: [
        {
          scenario: 'dev reload (file write → ws reload message)',
          engine: 'in-memory sqlite',
          rps: null,
          p50_ms: f.p50_ms,
          p99_ms: null,
          notes: `p95 ${f.p95_ms} ms over ${f.edits} edits (min ${f.min_ms}, max ${f.max_ms}); dev ready in ${Math.round(f.ready_ms)} ms`,
        },
      ],
      details: f,
    };
  },
};
