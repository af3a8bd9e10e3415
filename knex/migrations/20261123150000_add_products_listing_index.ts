// The listing's index: live products of a site in catalog order, with the id, so a listing page
// finds its ids in the index alone (a deferred join: runtime/catalog/store.ts pageOfProducts) and a
// page deep in a large catalog skips index entries, not whole rows. The count uses it too.
import type { Knex } from 'knex';

const NAME = 'products_listing_index';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.index(['site_id', 'archived_at', 'position', 'id'], NAME);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.dropIndex(['site_id', 'archived_at', 'position', 'id'], NAME);
  });
}
