// Order queries. Every query is scoped by site; ownership is checked by the caller's filter.
import type { Db } from '../db.js';

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

const ORDER_COLUMNS = ['id', 'number', 'account_id', 'status', 'currency', 'subtotal_minor', 'shipping_minor', 'tax_minor', 'discount_minor', 'total_minor', 'shipping_address', 'note', 'placed_at'];

/** A page of an account's orders, newest first, and the total count. */
export async function pageOfAccountOrders(db: Db, siteId: string, accountId: string, limit: number, offset: number): Promise<{ rows: OrderRow[]; total: number }> {
  const scope = { site_id: siteId, account_id: accountId };
  const [rows, count] = await Promise.all([
    db('orders').where(scope).orderBy([{ column: 'placed_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit).offset(offset).select(ORDER_COLUMNS),
    db('orders').where(scope).count({ n: '*' }).first(),
  ]);
  return { rows: rows as OrderRow[], total: Number((count as { n: number | string } | undefined)?.n ?? 0) };
}

/** An order of a site by id, only if it belongs to the account. */
export async function accountOrderById(db: Db, siteId: string, accountId: string, orderId: string): Promise<OrderRow | undefined> {
  return (await db('orders').where({ site_id: siteId, account_id: accountId, id: orderId }).first(ORDER_COLUMNS)) as OrderRow | undefined;
}

/** The order of a site that has a shipment with this tracking number. */
export async function orderByTrackingNumber(db: Db, siteId: string, trackingNumber: string): Promise<OrderRow | undefined> {
  return (await db('orders as o')
    .join('shipments as s', 's.order_id', 'o.id')
    .where({ 's.site_id': siteId, 's.tracking_number': trackingNumber, 'o.site_id': siteId })
    .first(ORDER_COLUMNS.map((c) => `o.${c}`))) as OrderRow | undefined;
}

/** Lines and shipments of several orders, two queries in all. */
export async function detailsOf(db: Db, siteId: string, orderIds: string[]): Promise<{ lines: OrderLineRow[]; shipments: ShipmentRow[] }> {
  if (orderIds.length === 0) return { lines: [], shipments: [] };
  const [lines, shipments] = await Promise.all([
    db('order_lines').where({ site_id: siteId }).whereIn('order_id', orderIds).orderBy([{ column: 'order_id' }, { column: 'position' }])
      .select('order_id', 'sku', 'product_name', 'variant_name', 'unit_price_minor', 'quantity', 'line_total_minor'),
    db('shipments').where({ site_id: siteId }).whereIn('order_id', orderIds).orderBy([{ column: 'order_id' }, { column: 'created_at' }, { column: 'id' }])
      .select('id', 'order_id', 'carrier', 'tracking_number', 'tracking_url', 'status', 'shipped_at'),
  ]);
  return { lines: lines as OrderLineRow[], shipments: shipments as ShipmentRow[] };
}
