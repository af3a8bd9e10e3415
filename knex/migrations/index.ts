// The ordered list of migrations. Imported statically so the same list works from TypeScript
// sources and from dist/, with no directory scanning or file-extension guessing.
import type { Knex } from 'knex';
import * as m0 from './20261122090000_create_sites.js';
import * as m1 from './20261122090100_insert_default_site.js';
import * as m2 from './20261122090200_create_accounts.js';
import * as m3 from './20261122090300_create_memberships.js';
import * as m4 from './20261122090400_create_sessions.js';
import * as m5 from './20261122090500_create_products.js';
import * as m6 from './20261122090600_create_variants.js';
import * as m7 from './20261122090700_create_carts.js';
import * as m8 from './20261122090800_create_cart_lines.js';
import * as m9 from './20261122090900_create_orders.js';
import * as m10 from './20261122091000_create_order_lines.js';
import * as m11 from './20261122091100_create_shipments.js';
import * as m12 from './20261122091200_create_idempotency_records.js';
import * as m13 from './20261122091300_create_rate_limits.js';
import * as m20261123100000 from './20261123100000_add_accounts_email_key.js';
import * as m20261123100100 from './20261123100100_add_accounts_email_key_unique.js';
import * as m20261123100200 from './20261123100200_add_accounts_session_generation.js';
import * as m20261123110000 from './20261123110000_money_columns_bigint.js';
import * as m20261123120000 from './20261123120000_add_variants_stock.js';
import * as m20261123120100 from './20261123120100_add_products_archived_at.js';
import * as m20261123130000 from './20261123130000_add_sites_locale.js';
import * as m20261123140000 from './20261123140000_create_media.js';
import * as m20261123140100 from './20261123140100_create_media_chunks.js';
import * as m20261123140200 from './20261123140200_create_product_images.js';
import * as m20261123140300 from './20261123140300_add_variants_image_hash.js';
import * as m20261123150000 from './20261123150000_add_products_listing_index.js';
import * as m20261123150100 from './20261123150100_add_variants_product_index.js';
import * as m20261124100000 from './20261124100000_add_products_listing_rank.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const migrations: Array<[string, Migration]> = [
  ['20261122090000_create_sites', m0],
  ['20261122090100_insert_default_site', m1],
  ['20261122090200_create_accounts', m2],
  ['20261122090300_create_memberships', m3],
  ['20261122090400_create_sessions', m4],
  ['20261122090500_create_products', m5],
  ['20261122090600_create_variants', m6],
  ['20261122090700_create_carts', m7],
  ['20261122090800_create_cart_lines', m8],
  ['20261122090900_create_orders', m9],
  ['20261122091000_create_order_lines', m10],
  ['20261122091100_create_shipments', m11],
  ['20261122091200_create_idempotency_records', m12],
  ['20261122091300_create_rate_limits', m13],
  ['20261123100000_add_accounts_email_key', m20261123100000],
  ['20261123100100_add_accounts_email_key_unique', m20261123100100],
  ['20261123100200_add_accounts_session_generation', m20261123100200],
  ['20261123110000_money_columns_bigint', m20261123110000],
  ['20261123120000_add_variants_stock', m20261123120000],
  ['20261123120100_add_products_archived_at', m20261123120100],
  ['20261123130000_add_sites_locale', m20261123130000],
  ['20261123140000_create_media', m20261123140000],
  ['20261123140100_create_media_chunks', m20261123140100],
  ['20261123140200_create_product_images', m20261123140200],
  ['20261123140300_add_variants_image_hash', m20261123140300],
  ['20261123150000_add_products_listing_index', m20261123150000],
  ['20261123150100_add_variants_product_index', m20261123150100],
  ['20261124100000_add_products_listing_rank', m20261124100000],
];

/** knex MigrationSource over the static list above. */
export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return migrations.map(([name]) => name);
  },
  getMigrationName(name) {
    return name;
  },
  async getMigration(name) {
    const found = migrations.find(([n]) => n === name);
    if (!found) throw new Error(`unknown migration ${name}`);
    return found[1];
  },
};

export { DEFAULT_SITE_ID } from './20261122090100_insert_default_site.js';
