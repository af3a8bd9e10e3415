// Scenario `check-theme`: `storefront check-theme` on the starter theme and on a generated theme of
// 1,000 templates, including Node start-up, via bench/check-theme.ts.
import type { Scenario } from '../context.js';
import { benchCheckTheme, type CheckThemeTiming } from '../check-theme.js';

export const checkThemeScenario: Scenario = {
  name: 'check-theme',
  description: 'check-theme on the starter theme and on 1,000 templates',
  async run(ctx) {
    const f = await benchCheckTheme({ runs: ctx.options.quick ? 3 : 5, write: false });
    const row = (label: string, t: CheckThemeTiming) => ({
      scenario: `check-theme, ${label} (${t.templates} templates)`,
      engine: '-',
      rps: null,
      p50_ms: t.median_ms,
      p99_ms: null,
      notes: `median of ${t.runs} runs (min ${t.min_ms}, max ${t.max_ms} ms), incl. Node start-up ${f.node_startup_ms} ms; exit ${t.exit_code}; load average ${f.load_average.before} → ${f.load_average.after}`,
    });
    return { rows: [row('starter theme', f.starter), row('generated theme', f.generated)], details: f };
  },
};
