// `storefront catalog import`: read and check the whole file, plan against the site, then (unless a
// dry run) write the differences. Nothing is written when the file has any problem.
import type { Db } from '../../db.js';
import { applyPlan } from './apply.js';
import { readCatalogFile, type ImportFormat } from './parse.js';
import { isEmptyPlan, planImport, type ImportPlan } from './plan.js';

export { CatalogImportError, formatProblem, type ImportProblem } from './types.js';

export interface ImportOptions {
  dryRun?: boolean;
  archiveMissing?: boolean;
  format?: ImportFormat;
}

/** What an import did (or, for a dry run, would do): counts, the lists, and notes. */
export interface ImportReport {
  dry_run: boolean;
  products: { created: number; updated: number; unchanged: number; archived: number };
  variants: { created: number; updated: number; unchanged: number };
  lists: {
    products: { created: string[]; updated: string[]; archived: string[] };
    variants: { created: string[]; updated: string[] };
  };
  notes: string[];
}

function reportOf(plan: ImportPlan, dryRun: boolean, notes: string[]): ImportReport {
  return {
    dry_run: dryRun,
    products: {
      created: plan.products.created.length,
      updated: plan.products.updated.length,
      unchanged: plan.products.unchanged,
      archived: plan.products.archived.length,
    },
    variants: {
      created: plan.variants.created.length,
      updated: plan.variants.updated.length,
      unchanged: plan.variants.unchanged,
    },
    lists: {
      products: {
        created: plan.products.created,
        updated: plan.products.updated,
        archived: plan.products.archived,
      },
      variants: { created: plan.variants.created, updated: plan.variants.updated },
    },
    notes,
  };
}

/** Imports a CSV or JSON catalog file into a site; throws CatalogImportError (nothing written). */
export async function importCatalogFile(
  db: Db,
  siteId: string,
  file: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const parsed = await readCatalogFile(file, options.format);
  const plan = await planImport(db, siteId, parsed.products, { archiveMissing: options.archiveMissing });
  if (!options.dryRun && !isEmptyPlan(plan)) await applyPlan(db, plan);
  return reportOf(plan, Boolean(options.dryRun), parsed.notes);
}
