// For operators who prefer the knex CLI (`npx knex --knexfile dist/knex/knexfile.js migrate:latest`);
// `storefront migrate` does the same with friendlier output.
import type { Knex } from 'knex';
import { knexConfig } from '../runtime/db.js';
import { DEFAULT_DATABASE_URL } from '../runtime/config.js';
import { migrationSource } from './migrations/index.js';

const config: Knex.Config = {
  ...knexConfig(process.env.DATABASE_URL || DEFAULT_DATABASE_URL),
  migrations: { migrationSource },
};

export default config;
