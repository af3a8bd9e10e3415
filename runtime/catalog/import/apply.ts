// Writes an import plan: products with their variants in batches of about BATCH_VARIANTS variant
// rows, each batch one transaction (replayed whole on a write conflict), then the archiving. A
// product and its variants are always in the same batch. A failure part-way leaves the earlier
// batches written; importing the file again completes it (the plan only holds differences). A
// batch or archiving step that moves the listing (a product created, moved, archived or listed
// again) renumbers the site's listing ranks in its own transaction, so the listing never shows a
// half-written batch's order.
import type { Knex } from 'knex';
import type { Db } from '../../db.js';
import { transactionWithRetry } from '../../db-retry.js';
import { dbNow } from '../../time.js';
import { writeGallery } from '../images.js';
import { renumberListing } from '../listing-rank.js';
import type { ImportPlan, ProductGroup } from './plan.js';

/** Variant rows (plus their products) per transaction. */
export const BATCH_VARIANTS = 1000;
/**
 * Calls of a batch's transaction, the first included. A batch that renumbers the listing reads every
 * listed product of the site, so concurrent imports into one site deadlock on MySQL, and each
 * deadlock rolls one of them back to be replayed: one attempt per concurrent importer and more
 * (6 at once exhausted db-retry's default of 5).
 */
const BATCH_ATTEMPTS = 12;
/** Rows per multi-row INSERT (well under SQLite's and MySQL's placeholder limits). */
const INSERT_CHUNK = 200;

function batches(groups: ProductGroup[], size: number): ProductGroup[][] {
  const out: ProductGroup[][] = [];
  let current: ProductGroup[] = [];
  let weight = 0;
  for (const g of groups) {
    current.push(g);
    weight += g.variants.length + 1;
    if (weight >= size) {
      out.push(current);
      current = [];
      weight = 0;
    }
  }
  if (current.length) out.push(current);
  return out;
}

async function insertChunked(trx: Knex.Transaction, table: string, rows: Array<Record<string, unknown>>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await trx(table).insert(rows.slice(i, i + INSERT_CHUNK));
}

async function writeBatch(trx: Knex.Transaction, siteId: string, groups: ProductGroup[]): Promise<void> {
  const now = dbNow();
  const newProducts: Array<Record<string, unknown>> = [];
  const newVariants: Array<Record<string, unknown>> = [];
  for (const g of groups) {
    const p = g.product;
    if (p && g.created)
      newProducts.push({
        id: p.id,
        site_id: siteId,
        slug: p.slug,
        ...p.row,
        created_at: now,
        updated_at: now,
      });
    else if (p)
      await trx('products')
        .where({ id: p.id, site_id: siteId })
        .update({ ...p.row, updated_at: now });
  }
  await insertChunked(trx, 'products', newProducts);
  for (const g of groups)
    for (const { write: v, created } of g.variants) {
      if (created)
        newVariants.push({
          id: v.id,
          site_id: siteId,
          sku: v.sku,
          ...v.row,
          created_at: now,
          updated_at: now,
        });
      else
        await trx('variants')
          .where({ id: v.id, site_id: siteId })
          .update({ ...v.row, updated_at: now });
    }
  await insertChunked(trx, 'variants', newVariants);
  for (const g of groups) if (g.gallery) await writeGallery(trx, siteId, g.productId, g.gallery);
  if (groups.some(movesListing)) await renumberListing(trx, siteId);
}

/** Whether a group's product write changes the listing's order or membership (not just its text). */
function movesListing(g: ProductGroup): boolean {
  const p = g.product;
  return Boolean(p && (g.created || p.changed.includes('position') || p.changed.includes('archived_at')));
}

/**
 * Applies the plan. Archived products get `archived_at` and their variants `available = false`, so
 * a cart still holding one cannot check it out; listing the product again restores both from the file.
 */
export async function applyPlan(
  db: Db,
  plan: ImportPlan,
  options: { batchVariants?: number } = {},
): Promise<void> {
  for (const batch of batches(plan.groups, options.batchVariants ?? BATCH_VARIANTS))
    await transactionWithRetry(db, (trx) => writeBatch(trx, plan.siteId, batch), {
      attempts: BATCH_ATTEMPTS,
    });
  const ids = plan.archive.map((a) => a.id);
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    const chunk = ids.slice(i, i + INSERT_CHUNK);
    await transactionWithRetry(
      db,
      async (trx) => {
        const now = dbNow();
        await trx('products')
          .where({ site_id: plan.siteId })
          .whereIn('id', chunk)
          .update({ archived_at: now, updated_at: now });
        await trx('variants')
          .where({ site_id: plan.siteId })
          .whereIn('product_id', chunk)
          .update({ available: false, updated_at: now });
        await renumberListing(trx, plan.siteId);
      },
      { attempts: BATCH_ATTEMPTS },
    );
  }
}
