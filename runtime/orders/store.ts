// Order queries. Every query is scoped by site; ownership is checked by the caller's filter.
import type { Db } from '../db.js';
import { newId } from '../ids.js';

export interface OrderRow {
  id: string;
  number: string;
  account_id: string | null;
  status: string;
  currency: string;
  subtotal_minor: number;
  shipping_minor: number;
  tax_minor: number;
  discount_minor: number;
  total_minor: number;
  shipping_address: string;
  note: string;
  placed_at: string;
}

export interface OrderLineRow {
  order_id: string;
  variant_id: string;
  sku: string;
  product_name: string;
  variant_name: string;
  unit_price_minor: number;
  quantity: number;
  line_total_minor: number;
}

export interface ShipmentRow {
  id: string;
  order_id: string;
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  status: string;
  shipped_at: string | null;
}

const ORDER_COLUMNS = [
  'id',
  'number',
  'account_id',
  'status',
  'currency',
  'subtotal_minor',
  'shipping_minor',
  'tax_minor',
  'discount_minor',
  'total_minor',
  'shipping_address',
  'note',
  'placed_at',
];

/** A page of an account's orders, newest first, and the total count. */
export async function pageOfAccountOrders(
  db: Db,
  siteId: string,
  accountId: string,
  limit: number,
  offset: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const scope = { site_id: siteId, account_id: accountId };
  const [rows, count] = await Promise.all([
    db('orders')
      .where(scope)
      .orderBy([
        { column: 'placed_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .offset(offset)
      .select(ORDER_COLUMNS),
    db('orders').where(scope).count({ n: '*' }).first(),
  ]);
  return { rows: rows as OrderRow[], total: Number((count as { n: number | string } | undefined)?.n ?? 0) };
}

/** An order of a site by id, only if it belongs to the account. */
export async function accountOrderById(
  db: Db,
  siteId: string,
  accountId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  return (await db('orders')
    .where({ site_id: siteId, account_id: accountId, id: orderId })
    .first(ORDER_COLUMNS)) as OrderRow | undefined;
}

/** The order of a site that has a shipment with this tracking number. */
export async function orderByTrackingNumber(
  db: Db,
  siteId: string,
  trackingNumber: string,
): Promise<OrderRow | undefined> {
  return (await db('orders as o')
    .join('shipments as s', 's.order_id', 'o.id')
    .where({ 's.site_id': siteId, 's.tracking_number': trackingNumber, 'o.site_id': siteId })
    .first(ORDER_COLUMNS.map((c) => `o.${c}`))) as OrderRow | undefined;
}

/** Lines and shipments of several orders, two queries in all. */
export async function detailsOf(
  db: Db,
  siteId: string,
  orderIds: string[],
): Promise<{ lines: OrderLineRow[]; shipments: ShipmentRow[] }> {
  if (orderIds.length === 0) return { lines: [], shipments: [] };
  const [lines, shipments] = await Promise.all([
    db('order_lines')
      .where({ site_id: siteId })
      .whereIn('order_id', orderIds)
      .orderBy([{ column: 'order_id' }, { column: 'position' }])
      .select(
        'order_id',
        'variant_id',
        'sku',
        'product_name',
        'variant_name',
        'unit_price_minor',
        'quantity',
        'line_total_minor',
      ),
    db('shipments')
      .where({ site_id: siteId })
      .whereIn('order_id', orderIds)
      .orderBy([{ column: 'order_id' }, { column: 'created_at' }, { column: 'id' }])
      .select('id', 'order_id', 'carrier', 'tracking_number', 'tracking_url', 'status', 'shipped_at'),
  ]);
  return { lines: lines as OrderLineRow[], shipments: shipments as ShipmentRow[] };
}

/** A new order with its lines, as checkout writes it. */
export interface NewOrder {
  id: string;
  siteId: string;
  number: string;
  accountId: string | null;
  sessionId: string | null;
  currency: string;
  totals: { subtotal: number; shipping: number; tax: number; discount: number; total: number };
  shippingAddress: unknown;
  note: string;
  placedAt: string;
  lines: Array<{
    variantId: string;
    sku: string;
    productName: string;
    variantName: string;
    unitPrice: number;
    quantity: number;
  }>;
}

/** Inserts an order and its lines (call inside a transaction). */
export async function insertOrder(db: Db, order: NewOrder): Promise<void> {
  await db('orders').insert({
    id: order.id,
    site_id: order.siteId,
    number: order.number,
    account_id: order.accountId,
    session_id: order.sessionId,
    status: 'placed',
    currency: order.currency,
    subtotal_minor: order.totals.subtotal,
    shipping_minor: order.totals.shipping,
    tax_minor: order.totals.tax,
    discount_minor: order.totals.discount,
    total_minor: order.totals.total,
    shipping_address: JSON.stringify(order.shippingAddress),
    note: order.note,
    placed_at: order.placedAt,
    created_at: order.placedAt,
  });
  await db('order_lines').insert(
    order.lines.map((l, position) => ({
      id: newId(),
      site_id: order.siteId,
      order_id: order.id,
      variant_id: l.variantId,
      sku: l.sku,
      product_name: l.productName,
      variant_name: l.variantName,
      unit_price_minor: l.unitPrice,
      quantity: l.quantity,
      line_total_minor: l.unitPrice * l.quantity,
      position,
    })),
  );
}

/** One row of `storefront orders list`. */
export interface OrderSummaryRow {
  id: string;
  number: string;
  status: string;
  currency: string;
  total_minor: number;
  placed_at: string;
  account_email: string | null;
  shipments: number | string;
}

/** A site's orders, newest first, with the account's email and the number of shipments. */
export async function listSiteOrders(db: Db, siteId: string, limit: number): Promise<OrderSummaryRow[]> {
  return (await db('orders as o')
    .leftJoin('accounts as a', 'a.id', 'o.account_id')
    .where({ 'o.site_id': siteId })
    .orderBy([
      { column: 'o.placed_at', order: 'desc' },
      { column: 'o.id', order: 'desc' },
    ])
    .limit(limit)
    .select(
      'o.id',
      'o.number',
      'o.status',
      'o.currency',
      'o.total_minor',
      'o.placed_at',
      'a.email as account_email',
      db('shipments as s').count('*').whereRaw('s.order_id = o.id').as('shipments'),
    )) as OrderSummaryRow[];
}

/** An order's id, site and status by id (any site), or by number within a site. */
export async function findOrderRef(
  db: Db,
  ref: { id: string } | { siteId: string; number: string },
): Promise<{ id: string; site_id: string; number: string; status: string } | undefined> {
  const where = 'id' in ref ? { id: ref.id } : { site_id: ref.siteId, number: ref.number };
  return (await db('orders').where(where).first('id', 'site_id', 'number', 'status')) as
    { id: string; site_id: string; number: string; status: string } | undefined;
}

/** True when the site already has a shipment with this tracking number. */
export async function trackingNumberTaken(db: Db, siteId: string, trackingNumber: string): Promise<boolean> {
  return Boolean(
    await db('shipments').where({ site_id: siteId, tracking_number: trackingNumber }).first('id'),
  );
}

/** Inserts a shipment and marks its order shipped (call inside a transaction). */
export async function insertShipment(
  db: Db,
  shipment: {
    id: string;
    siteId: string;
    orderId: string;
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
    shippedAt: string;
  },
): Promise<void> {
  await db('shipments').insert({
    id: shipment.id,
    site_id: shipment.siteId,
    order_id: shipment.orderId,
    carrier: shipment.carrier,
    tracking_number: shipment.trackingNumber,
    tracking_url: shipment.trackingUrl,
    status: 'shipped',
    shipped_at: shipment.shippedAt,
    created_at: shipment.shippedAt,
  });
  await db('orders').where({ id: shipment.orderId, site_id: shipment.siteId }).update({ status: 'shipped' });
}
