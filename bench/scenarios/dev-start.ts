// Scenario `dev-start`: `storefront dev` start-up, from spawning the command to the first HTTP 200
// of `/` (Node start-up, module loading, schema, demo data and theme included), via bench/dev-start.ts.
import type { Scenario } from '../context.js';
import { benchDevStart } from '../dev-start.js';

export const devStartScenario: Scenario = {
  name: 'dev-start',
  description: 'storefront dev: start → first 200',
  async run(ctx) {
    const f = await benchDevStart({ runs: ctx.options.quick ? 3 : 5 });
    return {
      rows: [
        {
          scenario: 'dev start → first 200 of /',
          engine: 'in-memory sqlite',
          rps: null,
          p50_ms: f.median_ms,
          p99_ms: null,
          notes: `median of ${f.runs} runs (min ${f.min_ms}, max ${f.max_ms} ms), Node start-up included`,
        },
      ],
      details: f,
    };
  },
};
