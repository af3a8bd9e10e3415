// The default site answers every Host that no other site claims.
import type { Knex } from 'knex';
import { dbNow } from '../../runtime/time.js';

export const DEFAULT_SITE_ID = '00000000-0000-4000-8000-000000000001';

export async function up(knex: Knex): Promise<void> {
  const now = dbNow();
  await knex('sites').insert({
    id: DEFAULT_SITE_ID,
    host: null,
    name: 'Storefront',
    is_default: true,
    created_at: now,
    updated_at: now,
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('sites').where({ id: DEFAULT_SITE_ID }).delete();
}
