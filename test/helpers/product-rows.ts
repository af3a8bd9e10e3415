// Raw `products` rows for tests that write the table directly (listing order, ranks, a migration)
// instead of going through the importer.
import { newId } from '../../runtime/ids.js';
import { dbNow } from '../../runtime/time.js';

/** A products row with a fresh id; the name defaults to `Product <slug>`, position 0, live. */
export function productRow(
  siteId: string,
  slug: string,
  fields: { name?: string; position?: number; archivedAt?: string | null; now?: string } = {},
) {
  const now = fields.now ?? dbNow();
  return {
    id: newId(),
    site_id: siteId,
    slug,
    name: fields.name ?? `Product ${slug}`,
    description: '',
    position: fields.position ?? 0,
    archived_at: fields.archivedAt ?? null,
    created_at: now,
    updated_at: now,
  };
}
