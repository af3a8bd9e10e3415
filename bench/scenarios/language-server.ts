// Scenario `language-server`: what the language server does after each edit of a template, measured
// in-process on the starter theme: read the theme (with the edited text overlaid), lint it with every
// rule and the type check, and turn the findings into LSP diagnostics for every file.
import { performance } from 'node:perf_hooks';
import type { Scenario } from '../context.js';
import { lintDiagnostics } from '../../language-server/diagnostics.js';
import { themeSources } from '../../language-server/documents.js';
import { TEMPLATE_OBJECTS } from '../../runtime/template-objects.js';
import { starterThemeDir } from '../../runtime/paths.js';

export const languageServerScenario: Scenario = {
  name: 'language-server',
  description: 'language server: re-check after an edit (starter theme)',
  async run(ctx) {
    const runs = ctx.options.quick ? 10 : 30;
    const times: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const started = performance.now();
      lintDiagnostics(themeSources(starterThemeDir, []), TEMPLATE_OBJECTS, starterThemeDir);
      if (i >= 3) times.push(performance.now() - started); // three warm-ups: module JIT, schema index
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      rows: [
        {
          scenario: 'language server: re-check after an edit (whole starter theme)',
          engine: '-',
          rps: null,
          p50_ms: round(median),
          p99_ms: null,
          notes: `median of ${runs} (min ${round(times[0]!)}, max ${round(times[times.length - 1]!)} ms); every open file is re-published from this one run (goal < 100 ms per file)`,
        },
      ],
      details: { runs, times },
    };
  },
};
