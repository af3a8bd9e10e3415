// `storefront catalog import`: read and check the whole file, plan against the site, then (unless a
// dry run) write the differences. Nothing is written when the file has any problem.
import { dirname } from 'node:path';
import type { Db } from '../../db.js';
import { storedHashes } from '../../media/store.js';
import { resolveImageSources, storeOriginals } from '../image-files.js';
import { applyPlan } from './apply.js';
import { readCatalogFile, type ImportFormat } from './parse.js';
import { isEmptyPlan, planImport, type ImportPlan } from './plan.js';
import { CatalogImportError, type ImportProblem, type ParsedCatalog } from './types.js';

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
    /** Slugs of the products whose gallery changes. */
    galleries: string[];
  };
  /** Image originals the site did not have; products whose gallery changes. */
  images: { stored: number; galleries_changed: number };
  notes: string[];
}

function reportOf(plan: ImportPlan, dryRun: boolean, notes: string[], newImages: number): ImportReport {
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
      galleries: plan.galleries,
    },
    images: { stored: newImages, galleries_changed: plan.galleries.length },
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
  const { originals, problems } = await resolveImageSources(parsed.imageAt.keys(), dirname(file));
  if (problems.size) throw new CatalogImportError(imageProblems(file, parsed, problems));
  const hashOf = new Map([...originals].map(([src, o]) => [src, o.info.hash]));
  const plan = await planImport(db, siteId, parsed.products, {
    archiveMissing: options.archiveMissing,
    hashOf,
  });
  const stored = await storedHashes(db, siteId, [...hashOf.values()]);
  const fresh = [
    ...new Map(
      [...originals.values()].filter((o) => !stored.has(o.info.hash)).map((o) => [o.info.hash, o]),
    ).values(),
  ];
  if (!options.dryRun) {
    // Originals first: a gallery row never names bytes that are not there yet.
    await storeOriginals(db, siteId, fresh);
    if (!isEmptyPlan(plan)) await applyPlan(db, plan);
  }
  return reportOf(plan, Boolean(options.dryRun), parsed.notes, fresh.length);
}

/** The image problems located where each source first appears in the file. */
function imageProblems(file: string, parsed: ParsedCatalog, problems: Map<string, string>): ImportProblem[] {
  return [...problems]
    .map(([src, message]) => {
      const at = parsed.imageAt.get(src) ?? { line: null, column: 'image' };
      return { file, line: at.line, column: at.column, message: `${JSON.stringify(src)} ${message}` };
    })
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || a.column.localeCompare(b.column)); // files are read in parallel
}
