// Speed of `storefront check-theme`, including Node start-up (a child process per run, as CI runs
// it): on the starter theme and on a generated theme of 1,000 templates.
// Run: npm run build && npx tsx bench/check-theme.ts (bench/run.ts can call benchCheckTheme).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { REQUIRED_PAGES } from '../runtime/theme/page-routes.js';
import { starterThemeDir } from '../runtime/paths.js';

export interface CheckThemeTiming {
  theme: string;
  templates: number;
  runs: number;
  median_ms: number;
  min_ms: number;
  max_ms: number;
  exit_code: number;
}

export interface CheckThemeFigures {
  name: 'check-theme (node bin/storefront check-theme, incl. Node start-up)';
  /** `node -e ""`: the floor every run pays. */
  node_startup_ms: number;
  starter: CheckThemeTiming;
  generated: CheckThemeTiming;
  /** 1-minute load average before and after the runs: the machine is shared, figures move with it. */
  load_average: { before: number; after: number };
  date: string;
  node: string;
}

const BIN = fileURLToPath(new URL('../bin/storefront', import.meta.url));
const FIXABLE = fileURLToPath(new URL('../test/fixtures/themes/fixable', import.meta.url));
const round = (n: number) => Math.round(n * 10) / 10;

const LAYOUT = `<!doctype html>
<html lang="en"><head><title>{{#if title}}{{title}} · {{/if}}{{site.name}}</title>
<meta name="csrf-token" content="{{csrf_token}}">
<link rel="stylesheet" href="{{asset "css/theme.css"}}"></head>
<body>{{> header}}<main>{{#block "content"}}{{/block}}</main>{{> footer}}</body></html>
`;

function page(i: number): string {
  const partial = `card-${i % 16}`;
  return `{{#extends "layouts/base"}}
{{set title="Page ${i}"}}
{{#block "content"}}
<h1>Collection ${i}</h1>
<p>Hand-picked products for collection ${i}. Free shipping over 50.</p>
{{#with (products.paginate limit=12 page=request.query.page) as |listing|}}
<ul class="grid">
  {{#each listing.items}}<li>{{> ${partial}}}</li>{{else}}<li>No products yet.</li>{{/each}}
</ul>
{{/with}}
<form method="post" action="/_post/cart/add" data-variant-id="v-${i}">
  <input type="hidden" name="_token" value="{{csrf_token}}">
  <input type="hidden" name="variant_id" value="v-${i}">
  <input type="number" name="quantity" value="1" min="1" max="999">
  <button type="submit">Add to cart</button>
</form>
{{#if auth.check}}<p>Signed in as {{auth.user.display_name}}</p>{{else}}<a href="/login?next={{urlencode request.path}}">Sign in</a>{{/if}}
<a href="https://example.com/guide-${i}" target="_blank" rel="noopener noreferrer">Size guide</a>
{{/block}}
{{/extends}}
`;
}

/** Writes a clean theme of `templates` template files into dir. */
export function generateTheme(dir: string, templates = 1000): void {
  const write = (file: string, text: string) => {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  write('assets/css/theme.css', 'body { margin: 0 }\n');
  write('layouts/base.hbs', LAYOUT);
  write(
    'partials/header.hbs',
    '<header><a href="/">Home</a> <a href="/products">Shop</a> <a href="/cart">Cart ({{cart.item_count}})</a></header>\n',
  );
  write('partials/footer.hbs', '<footer><a href="/tracking">Track a parcel</a></footer>\n');
  for (let i = 0; i < 16; i++)
    write(`partials/card-${i}.hbs`, `<a class="card-${i}" href="/products/{{slug}}">{{name}}</a>\n`);
  let count = 19;
  for (const p of REQUIRED_PAGES) {
    write(
      `pages/${p}.hbs`,
      `{{#extends "layouts/base"}}{{set title="${p}"}}{{#block "content"}}<h1>${p}</h1>{{/block}}{{/extends}}\n`,
    );
    count++;
  }
  for (let i = 0; count < templates; i++, count++) write(`pages/collections/c-${i}.hbs`, page(i));
}

function timeRuns(theme: string, runs: number): Omit<CheckThemeTiming, 'theme' | 'templates'> {
  const samples: number[] = [];
  let exitCode = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    try {
      execFileSync(process.execPath, [BIN, 'check-theme', theme, '--format', 'json'], {
        stdio: ['ignore', 'ignore', 'pipe'],
        maxBuffer: 64 * 1024 * 1024,
      });
      exitCode = 0;
    } catch (err) {
      exitCode = (err as { status?: number }).status ?? 1;
    }
    samples.push(performance.now() - start);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs,
    median_ms: round(sorted[Math.floor(sorted.length / 2)]),
    min_ms: round(sorted[0]),
    max_ms: round(sorted[sorted.length - 1]),
    exit_code: exitCode,
  };
}

function countTemplates(dir: string): number {
  const out = execFileSync('find', [dir, '-name', '*.hbs', '-not', '-path', '*/assets/*'], {
    encoding: 'utf8',
  });
  return out.split('\n').filter(Boolean).length;
}

/** Times check-theme on the starter theme and on a generated 1,000-template theme; writes bench/results/check-theme.json. */
export async function benchCheckTheme(
  options: { runs?: number; templates?: number; write?: boolean } = {},
): Promise<CheckThemeFigures> {
  const runs = options.runs ?? 5;
  if (!existsSync(fileURLToPath(new URL('../dist/bin/commands/check-theme.js', import.meta.url)))) {
    throw new Error('bench/check-theme: run `npm run build` first (dist/ has no check-theme command)');
  }
  const root = mkdtempSync(join(tmpdir(), 'storefront-bench-check-theme-'));
  const loadBefore = round(loadavg()[0]);
  try {
    const nodeSamples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      execFileSync(process.execPath, ['-e', '']);
      nodeSamples.push(performance.now() - start);
    }
    // The starter theme; while it is not written yet, a fixed copy of the (small) fixable test theme.
    let starterDir = starterThemeDir;
    let starterLabel = 'themes-starter';
    if (!existsSync(join(starterThemeDir, 'pages'))) {
      starterDir = join(root, 'stand-in');
      cpSync(FIXABLE, starterDir, { recursive: true });
      execFileSync(process.execPath, [BIN, 'check-theme', starterDir, '--fix'], { stdio: 'ignore' });
      starterLabel = 'test/fixtures/themes/fixable after --fix (themes-starter/ not present)';
    }
    const generatedDir = join(root, 'generated');
    generateTheme(generatedDir, options.templates ?? 1000);
    const figures: CheckThemeFigures = {
      name: 'check-theme (node bin/storefront check-theme, incl. Node start-up)',
      node_startup_ms: round([...nodeSamples].sort((a, b) => a - b)[Math.floor(runs / 2)]),
      starter: { theme: starterLabel, templates: countTemplates(starterDir), ...timeRuns(starterDir, runs) },
      generated: {
        theme: 'generated',
        templates: countTemplates(generatedDir),
        ...timeRuns(generatedDir, runs),
      },
      load_average: { before: loadBefore, after: round(loadavg()[0]) },
      date: new Date().toISOString(),
      node: process.version,
    };
    if (options.write !== false) {
      const dir = fileURLToPath(new URL('./results/', import.meta.url));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'check-theme.json'), `${JSON.stringify(figures, null, 2)}\n`);
    }
    return figures;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const f = await benchCheckTheme();
  const line = (t: CheckThemeTiming) =>
    `${t.theme} (${t.templates} templates): median ${t.median_ms} ms (min ${t.min_ms}, max ${t.max_ms}) over ${t.runs} runs, exit ${t.exit_code}`;
  process.stdout.write(
    `check-theme incl. Node start-up (node -e "" alone: ${f.node_startup_ms} ms; load average ${f.load_average.before} → ${f.load_average.after})\n  ${line(f.starter)}\n  ${line(f.generated)}\n`,
  );
  process.stdout.write('written to bench/results/check-theme.json\n');
}
