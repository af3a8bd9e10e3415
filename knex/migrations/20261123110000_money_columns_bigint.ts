// Every money column (amounts in minor units: *_minor) becomes a 64-bit BIGINT on MySQL. INT stops
// at 2^31 − 1 minor units (€21,474,836.47), so a large order failed to insert ("Out of range value
// for column 'subtotal_minor'") after its quote had succeeded. The largest order amount the code
// accepts is MAX_ORDER_AMOUNT_MINOR (runtime/money.ts), far inside BIGINT.
//
// SQLite needs nothing: its INTEGER is already 64-bit, whatever the declared type.
//
// On MySQL, INT → BIGINT rebuilds each table (ALGORITHM=COPY): writes to it wait while it runs, so
// run it in a quiet moment on a large orders table. `down` refuses (and changes nothing) while any
// amount does not fit INT, rather than let the server reject or truncate it half-way.
import type { Knex } from 'knex';

/** A money column and the rest of its definition, restated because MODIFY replaces the whole of it. */
interface MoneyColumn {
  name: string;
  nullable: boolean;
  default?: number;
}

/** Every money column of every table, as created by the earlier migrations. */
const MONEY_COLUMNS: Record<string, MoneyColumn[]> = {
  sites: [
    { name: 'shipping_fee_minor', nullable: false, default: 495 },
    { name: 'free_shipping_min_minor', nullable: true, default: 5000 },
  ],
  variants: [{ name: 'price_minor', nullable: false }],
  orders: ['subtotal_minor', 'shipping_minor', 'tax_minor', 'discount_minor', 'total_minor'].map((name) => ({
    name,
    nullable: false,
  })),
  order_lines: ['unit_price_minor', 'line_total_minor'].map((name) => ({ name, nullable: false })),
};

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

function isMysql(knex: Knex): boolean {
  return (knex.client.config as Knex.Config).client === 'mysql2';
}

/** One ALTER TABLE per table, with a MODIFY clause per money column. */
async function setType(knex: Knex, type: 'BIGINT' | 'INT'): Promise<void> {
  for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
    const clauses = columns.map(
      (c) =>
        `MODIFY ?? ${type} ${c.nullable ? 'NULL' : 'NOT NULL'}` +
        (c.default === undefined ? '' : ` DEFAULT ${c.default}`),
    );
    await knex.raw(`ALTER TABLE ?? ${clauses.join(', ')}`, [table, ...columns.map((c) => c.name)]);
  }
}

export async function up(knex: Knex): Promise<void> {
  if (isMysql(knex)) await setType(knex, 'BIGINT');
}

export async function down(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
    for (const { name } of columns) {
      const row = (await knex(table)
        .where(name, '>', INT_MAX)
        .orWhere(name, '<', INT_MIN)
        .first(knex.raw('1 as found'))) as unknown;
      if (row)
        throw new Error(
          `cannot roll back: ${table}.${name} holds amounts beyond INT (±2^31); they need BIGINT`,
        );
    }
  }
  await setType(knex, 'INT');
}
