// Re-seeding the in-memory database when the fixtures file changes: validate first (a bad file
// changes nothing), then replace the data in one transaction. Sessions of accounts that are still
// in the file survive, and so do their cart lines whose variants still exist, so the persona and
// the cart the designer was looking at stay in place.
import type { Db } from '../runtime/db.js';
import { loadFixtures, type Fixtures } from '../runtime/fixtures/load.js';
import { seedFixtures, type SeedReport } from '../runtime/fixtures/seed.js';
import { findSiteByHostExact } from '../runtime/sites/store.js';

/** Validates the file; throws FixtureError (file + pointer + reason) and writes nothing when it is bad. */
export function readFixtures(file: string): Fixtures {
  return loadFixtures(file);
}

/** Replaces the default site's data by the fixtures. */
export async function reseed(db: Db, fixtures: Fixtures): Promise<SeedReport> {
  const site = await findSiteByHostExact(db, undefined);
  if (!site) throw new Error('the dev database has no default site');
  const keepEmails = fixtures.accounts.map((a) => a.email.toLowerCase());
  return db.transaction(async (trx) => {
    const lines = (await trx('cart_lines').where({ site_id: site.id }).select()) as Array<
      Record<string, unknown>
    >;
    await trx('shipments').where({ site_id: site.id }).delete();
    await trx('order_lines').where({ site_id: site.id }).delete();
    await trx('orders').where({ site_id: site.id }).delete();
    await trx('cart_lines').where({ site_id: site.id }).delete();
    await trx('variants').where({ site_id: site.id }).delete();
    await trx('products').where({ site_id: site.id }).delete();
    // memberships and sessions of removed accounts go with them (ON DELETE CASCADE)
    await trx('accounts').where({ site_id: site.id }).whereNotIn('email', keepEmails).delete();
    const report = await seedFixtures(trx, site, fixtures);
    const variants = new Set(
      ((await trx('variants').where({ site_id: site.id }).select('id')) as Array<{ id: string }>).map(
        (v) => v.id,
      ),
    );
    const kept = lines.filter((l) => variants.has(String(l.variant_id)));
    if (kept.length) await trx('cart_lines').insert(kept);
    return report;
  });
}
