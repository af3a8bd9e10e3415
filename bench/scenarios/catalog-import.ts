// Scenario `catalog-import`: `storefront catalog import` of a generated CSV of 10,000 variants
// (2,500 products × 4) into a fresh site, on SQLite and MySQL: the first import (all inserts), the
// same file again (nothing to write), and a file with every price changed (10,000 updates). Goal:
// each under 10 s. Runs the importer in-process (no Node start-up in the figure).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Scenario, ScenarioContext } from '../context.js';
import type { Row } from '../report.js';
import { skippedRow } from '../report.js';
import { withTeardown } from '../teardown.js';
import { sqliteDatabase } from '../databases.js';
import { createDb } from '../../runtime/db.js';
import { addSite } from '../../runtime/sites/store.js';
import { importCatalogFile, type ImportReport } from '../../runtime/catalog/import/index.js';

const PRODUCTS = 2500;
const VARIANTS_PER_PRODUCT = 4;
const GOAL_MS = 10_000;

/** A catalog CSV of PRODUCTS × VARIANTS_PER_PRODUCT rows; `cents` shifts every price. */
export function generateCatalogCsv(cents = 0): string {
  const lines = [
    'slug,name,description,category,sku,variant_name,price,currency,inventory,available,position',
  ];
  for (let p = 0; p < PRODUCTS; p++)
    for (let v = 0; v < VARIANTS_PER_PRODUCT; v++) {
      const price = (1000 + p + v * 100 + cents) / 100;
      lines.push(
        [
          `product-${p}`,
          v === 0 ? `Product ${p}` : '',
          v === 0 ? `"Description of product ${p}, generated"` : '',
          v === 0 ? `category-${p % 20}` : '',
          `SKU-${p}-${v}`,
          `Size ${v}`,
          price.toFixed(2),
          'EUR',
          v % 2 ? '' : String(p % 50),
          'true',
          v === 0 ? String(p) : '',
        ].join(','),
      );
    }
  return `${lines.join('\n')}\n`;
}

interface Timing {
  ms: number;
  report: ImportReport;
}

async function timed(fn: () => Promise<ImportReport>): Promise<Timing> {
  const t0 = performance.now();
  const report = await fn();
  return { ms: Math.round(performance.now() - t0), report };
}

async function measure(ctx: ScenarioContext, engine: 'sqlite' | 'mysql', files: { a: string; b: string }) {
  return withTeardown(async (t) => {
    const url =
      engine === 'sqlite' ? await sqliteDatabase(t) : await ctx.mysql.database(t, 'bench_catalog_import');
    const db = createDb(url);
    t.add('close the database', () => db.destroy());
    const site = await addSite(db, { host: `import-${engine}.bench`, name: 'Import bench' });
    ctx.log(`  ${engine}: first import`);
    const first = await timed(() => importCatalogFile(db, site.id, files.a));
    ctx.log(`  ${engine}: same file again`);
    const again = await timed(() => importCatalogFile(db, site.id, files.a));
    ctx.log(`  ${engine}: every price changed`);
    const updated = await timed(() => importCatalogFile(db, site.id, files.b));
    return { engine, first, again, updated };
  });
}

export const catalogImportScenario: Scenario = {
  name: 'catalog-import',
  description: `catalog import of ${PRODUCTS * VARIANTS_PER_PRODUCT} variants (CSV), first, again, all prices changed`,
  async run(ctx) {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-import-'));
    try {
      const files = { a: join(dir, 'a.csv'), b: join(dir, 'b.csv') };
      writeFileSync(files.a, generateCatalogCsv());
      writeFileSync(files.b, generateCatalogCsv(1));
      const rows: Row[] = [];
      const details: unknown[] = [];
      const engines: Array<'sqlite' | 'mysql'> = ['sqlite', 'mysql'];
      for (const engine of engines) {
        const reason = engine === 'mysql' ? ctx.mysql.unavailableReason() : null;
        if (reason) {
          rows.push(skippedRow('catalog import, 10,000 variants', engine, reason));
          continue;
        }
        const f = await measure(ctx, engine, files);
        details.push({
          engine,
          first_ms: f.first.ms,
          again_ms: f.again.ms,
          updated_ms: f.updated.ms,
          first: f.first.report.variants,
          again: f.again.report.variants,
          updated: f.updated.report.variants,
        });
        const row = (label: string, tm: Timing, what: string): Row => ({
          scenario: `catalog import, 10,000 variants: ${label}`,
          engine,
          rps: null,
          p50_ms: tm.ms,
          p99_ms: null,
          notes: `${what}; goal < ${GOAL_MS / 1000} s: ${tm.ms < GOAL_MS ? 'met' : 'MISSED'}`,
        });
        rows.push(
          row('first', f.first, `${f.first.report.variants.created} variants created`),
          row(
            'again',
            f.again,
            `${f.again.report.variants.unchanged} unchanged, ${f.again.report.variants.updated} updated`,
          ),
          row('all prices changed', f.updated, `${f.updated.report.variants.updated} variants updated`),
        );
      }
      return { rows, details };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
