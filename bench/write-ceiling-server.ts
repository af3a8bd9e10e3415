// Child-process entry of the WRITE CEILINGS server (spawned by write-ceilings.ts with `node --import tsx`):
//   write-ceiling-server.ts <mysqlUrl> <port>
// Bare Koa + a mysql2 pool (no knex, no session, CSRF or validation layers) on the benchmarked
// database, running per request the very statements `serve` runs (counted from a knex query log of
// one request, DEBUG=knex:query), on the real tables and indexes:
//   POST /cart-add/<k>   visitor k's cart/add: 3 reads (session, variant, cart id); one transaction
//                        of 1 update (cart), 2 reads (lines FOR UPDATE, prices), 1 write (the line);
//                        then the cart read back (1 join): 6 reads, 2 writes
//   POST /cart-get/<k>   visitor k's cart/get: the session and the cart join (2 reads)
//   POST /place-order/<k> visitor k's place-order: the session read, the idempotency record insert;
//                        one transaction of 1 update (claim), the cart join (which names the cart),
//                        1 stock update per line, the order and its lines inserted, the lines
//                        deleted, 1 update (the stored answer); then the session written (it keeps
//                        the order number for the confirmation): 2 reads, 6 + 2 per line writes
// Visitor k is the k-th cart of one line in the database (by session id): the carts `serve`'s
// visitors made (the checkout scenario's two-line quote carts are left out); its cart/add adds that
// line's variant.
import { randomBytes, randomUUID } from 'node:crypto';
import Koa from 'koa';
import { listenUntilStopped } from './child-entry.js';
import mysql, { type PoolConnection, type RowDataPacket } from 'mysql2/promise';

const [databaseUrl, port] = process.argv.slice(2);
const u = new URL(databaseUrl);
// The same connection settings and pool size as runtime/db.ts (10 connections, UTC, date strings).
const pool = mysql.createPool({
  host: u.hostname,
  port: Number(u.port || 3306),
  user: decodeURIComponent(u.username),
  password: decodeURIComponent(u.password),
  database: u.pathname.slice(1),
  charset: 'utf8mb4',
  timezone: 'Z',
  dateStrings: true,
  connectionLimit: 10,
});

interface VisitorCart {
  cartId: string;
  siteId: string;
  sessionId: string;
  variantId: string;
}
// Carts of at most one line: a buyer whose run ended between place-order and its refill has an
// empty cart, given back its line (the variant of its last order) so every visitor starts as serve's.
const [cartRows] = await pool.query<RowDataPacket[]>(
  'select `c`.`id`, `c`.`site_id`, `c`.`session_id`, min(`l`.`variant_id`) as `variant_id`, count(`l`.`variant_id`) as `n`, ' +
    '(select `ol`.`variant_id` from `orders` as `o` inner join `order_lines` as `ol` on `ol`.`order_id` = `o`.`id` ' +
    'where `o`.`session_id` = `c`.`session_id` limit 1) as `ordered` ' +
    'from `carts` as `c` left join `cart_lines` as `l` on `l`.`cart_id` = `c`.`id` ' +
    'group by `c`.`id`, `c`.`site_id`, `c`.`session_id` having `n` = 1 or (`n` = 0 and `ordered` is not null) ' +
    'order by `c`.`session_id`',
);
const carts: VisitorCart[] = [];
for (const r of cartRows) {
  const v = {
    cartId: String(r.id),
    siteId: String(r.site_id),
    sessionId: String(r.session_id),
    variantId: String(r.variant_id ?? r.ordered),
  };
  if (Number(r.n) === 0)
    await pool.execute(
      'insert into `cart_lines` (`cart_id`, `variant_id`, `site_id`, `quantity`, `created_at`, `updated_at`) values (?, ?, ?, 1, ?, ?)',
      [v.cartId, v.variantId, v.siteId, new Date(), new Date()],
    );
  carts.push(v);
}

const SESSION = 'select `data` from `sessions` where `id` = ? and `site_id` = ? and `expires_at` > ? limit 1';
const CART_JOIN =
  'select `c`.`id` as `cart_id`, `l`.`variant_id`, `l`.`quantity`, `v`.`sku`, `v`.`name` as `variant_name`, `v`.`price_minor`, ' +
  '`v`.`currency`, `v`.`available`, `v`.`stock`, `p`.`slug` as `product_slug`, `p`.`name` as `product_name` ' +
  'from `carts` as `c` inner join `cart_lines` as `l` on `l`.`cart_id` = `c`.`id` ' +
  'inner join `variants` as `v` on `v`.`id` = `l`.`variant_id` inner join `products` as `p` on `p`.`id` = `v`.`product_id` ' +
  'where `c`.`site_id` = ? and `c`.`session_id` = ? order by `l`.`created_at` asc, `l`.`variant_id` asc';

/** InnoDB's deadlock and lock-wait errors: serve replays its transaction on them (db-retry.ts), so does this. */
const CONFLICTS = new Set([1213, 1205]);

/** Runs fn in one transaction on one pooled connection, replayed (up to 5 runs) after a write conflict. */
async function transaction<T>(fn: (c: PoolConnection) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const c = await pool.getConnection();
    try {
      await c.beginTransaction();
      const out = await fn(c);
      await c.commit();
      return out;
    } catch (err) {
      await c.rollback().catch(() => {});
      if (attempt >= 5 || !CONFLICTS.has((err as { errno?: number }).errno ?? 0)) throw err;
    } finally {
      c.release();
    }
  }
}

async function readCart(v: VisitorCart): Promise<RowDataPacket[]> {
  await pool.execute(SESSION, [v.sessionId, v.siteId, new Date()]);
  const [lines] = await pool.execute<RowDataPacket[]>(CART_JOIN, [v.siteId, v.sessionId]);
  return lines;
}

async function cartAdd(v: VisitorCart, variantId: string, quantity: number): Promise<RowDataPacket[]> {
  await pool.execute(SESSION, [v.sessionId, v.siteId, new Date()]);
  await pool.execute(
    'select `id`, `currency`, `available`, `stock` from `variants` where `site_id` = ? and `id` = ? limit 1',
    [v.siteId, variantId],
  );
  await pool.execute('select `id` from `carts` where `site_id` = ? and `session_id` = ? limit 1', [
    v.siteId,
    v.sessionId,
  ]);
  await transaction(async (c) => {
    const now = new Date();
    await c.execute('update `carts` set `updated_at` = ? where `id` = ?', [now, v.cartId]);
    const [lines] = await c.execute<RowDataPacket[]>(
      'select `variant_id`, `quantity` from `cart_lines` where `cart_id` = ? for update',
      [v.cartId],
    );
    const ids = [...lines.map((l) => String(l.variant_id)), variantId];
    await c.query('select `id`, `price_minor` from `variants` where `site_id` = ? and `id` in (?)', [
      v.siteId,
      ids,
    ]);
    const line = lines.find((l) => l.variant_id === variantId);
    if (line) {
      const next = Number(line.quantity) + quantity;
      await c.execute(
        'update `cart_lines` set `quantity` = ?, `updated_at` = ? where `cart_id` = ? and `variant_id` = ?',
        [next > 999 ? 1 : next, now, v.cartId, variantId],
      );
    } else {
      await c.execute(
        'insert into `cart_lines` (`cart_id`, `variant_id`, `site_id`, `quantity`, `created_at`, `updated_at`) values (?, ?, ?, ?, ?, ?)',
        [v.cartId, variantId, v.siteId, quantity, now, now],
      );
    }
  });
  const [lines] = await pool.execute<RowDataPacket[]>(CART_JOIN, [v.siteId, v.sessionId]);
  return lines;
}

async function placeOrder(v: VisitorCart, key: string): Promise<{ ID: string; Number: string }> {
  await pool.execute(SESSION, [v.sessionId, v.siteId, new Date()]);
  const orderId = randomUUID();
  const now = new Date();
  const expires = new Date(now.getTime() + 86400000);
  await pool.execute(
    'insert into `idempotency_records` (`created_at`, `expires_at`, `idempotency_key`, `order_id`, `request_hash`, `response_body`, `response_status`, `site_id`, `state`) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [now, expires, key, orderId, randomBytes(32).toString('hex'), null, null, v.siteId, 'pending'],
  );
  const number = `SF-${randomBytes(6).toString('hex').toUpperCase()}`;
  await transaction(async (c) => {
    await c.execute(
      'update `idempotency_records` set `state` = ? where `site_id` = ? and `idempotency_key` = ? and `state` = ? and `order_id` = ?',
      ['placing', v.siteId, key, 'pending', orderId],
    );
    const [lines] = await c.execute<RowDataPacket[]>(CART_JOIN, [v.siteId, v.sessionId]);
    if (lines.length === 0) throw new Error('empty cart');
    let subtotal = 0;
    for (const l of lines) {
      subtotal += Number(l.price_minor) * Number(l.quantity);
      await c.execute(
        'update `variants` set `stock` = stock - ? where `site_id` = ? and `id` = ? and (`stock` is null or `stock` >= ?)',
        [l.quantity, v.siteId, l.variant_id, l.quantity],
      );
    }
    await c.execute(
      'insert into `orders` (`account_id`, `created_at`, `currency`, `discount_minor`, `id`, `note`, `number`, `placed_at`, `session_id`, `shipping_address`, `shipping_minor`, `site_id`, `status`, `subtotal_minor`, `tax_minor`, `total_minor`) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        null,
        now,
        String(lines[0].currency),
        0,
        orderId,
        '',
        number,
        now,
        v.sessionId,
        '{"name":"Ada Lovelace"}',
        0,
        v.siteId,
        'placed',
        subtotal,
        0,
        subtotal,
      ],
    );
    let position = 0;
    for (const l of lines)
      await c.execute(
        'insert into `order_lines` (`id`, `line_total_minor`, `order_id`, `position`, `product_name`, `quantity`, `site_id`, `sku`, `unit_price_minor`, `variant_id`, `variant_name`) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [
          randomUUID(),
          Number(l.price_minor) * Number(l.quantity),
          orderId,
          position++,
          l.product_name,
          l.quantity,
          v.siteId,
          l.sku,
          l.price_minor,
          l.variant_id,
          l.variant_name,
        ],
      );
    await c.query('delete from `cart_lines` where `cart_id` = ? and `variant_id` in (?)', [
      String(lines[0].cart_id),
      lines.map((l) => l.variant_id),
    ]);
    await c.execute(
      'update `idempotency_records` set `state` = ?, `response_status` = ?, `response_body` = ? where `site_id` = ? and `idempotency_key` = ? and `state` = ? and `order_id` = ?',
      ['done', 201, JSON.stringify({ ID: orderId, Number: number }), v.siteId, key, 'placing', orderId],
    );
  });
  // serve's session keeps the number of the order it placed last (the checkout page's confirmation).
  await pool.execute(
    'insert into `sessions` (`id`, `site_id`, `data`, `account_id`, `expires_at`, `created_at`, `updated_at`) values (?, ?, ?, ?, ?, ?, ?) ' +
      'on duplicate key update `data` = values(`data`), `account_id` = values(`account_id`), `expires_at` = values(`expires_at`), `updated_at` = values(`updated_at`)',
    [
      v.sessionId,
      v.siteId,
      JSON.stringify({ siteId: v.siteId, placedOrder: number }),
      null,
      new Date(now.getTime() + 30 * 86400000),
      now,
      now,
    ],
  );
  return { ID: orderId, Number: number };
}

/** The request's JSON body (bare: no size limit or content-type checks, as a ceiling). */
async function jsonBody(req: NodeJS.ReadableStream): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
}

const app = new Koa();
app.use(async (ctx) => {
  const m = /^\/(cart-add|cart-get|place-order)\/(\d+)$/.exec(ctx.path);
  const v = m ? carts[Number(m[2])] : undefined;
  if (ctx.path === '/visitors') {
    ctx.body = { visitors: carts.length };
    return;
  }
  if (ctx.method === 'POST' && m && v) {
    const body = await jsonBody(ctx.req);
    if (m[1] === 'cart-get') ctx.body = { Items: await readCart(v) };
    else if (m[1] === 'cart-add')
      ctx.body = { Items: await cartAdd(v, v.variantId, Number(body.quantity) || 1) };
    else {
      ctx.status = 201;
      ctx.body = await placeOrder(v, String(body.idempotency_key));
    }
    return;
  }
  ctx.status = ctx.path === '/healthz' ? 200 : 404;
  ctx.body = ctx.status === 200 ? 'ok' : 'not found';
});
listenUntilStopped(app, Number(port), () => pool.end());
