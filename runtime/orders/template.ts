// The `orders` template object: orders.paginate (own orders), orders.find (own order by id) and
// orders.track (public lookup by tracking number within this site).
import { imagesForVariants } from '../catalog/images.js';
import type { ImageObject } from '../media/objects.js';
import type { Db } from '../db.js';
import { isUuid } from '../ids.js';
import { money, type Money } from '../money.js';
import { isoFromDb } from '../time.js';
import { clampLimit, clampPage, paging, type Paging } from '../paging.js';
import type { ShippingAddress } from './address.js';
import { normalizeTrackingNumber } from './service.js';
import {
  accountOrderById,
  detailsOf,
  orderByTrackingNumber,
  pageOfAccountOrders,
  type OrderLineRow,
  type OrderRow,
  type ShipmentRow,
} from './store.js';

export interface ShipmentObject {
  id: string;
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  status: string;
  shipped_at: string | null;
  tracking_page_url: string;
}

/** An order as templates see it. */
export interface OrderObject {
  id: string;
  number: string;
  url: string;
  placed_at: string;
  status: string;
  currency: string;
  subtotal: Money;
  shipping: Money;
  tax: Money;
  discount: Money;
  total: Money;
  note: string;
  shipping_address: ShippingAddress;
  lines: Array<{
    product_name: string;
    variant_name: string;
    sku: string;
    quantity: number;
    unit_price: Money;
    line_total: Money;
    /** The variant's image today (else its product's first); null when it has none. */
    image: ImageObject | null;
  }>;
  shipments: ShipmentObject[];
}

export interface OrderListing extends Paging {
  items: OrderObject[];
  authenticated: boolean;
}

export const DEFAULT_ORDER_PAGE_SIZE = 20;

/** Only http(s) URLs are ever shown as links; anything else is dropped. */
export function safeTrackingUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

function toOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  shipments: ShipmentRow[],
  locale: string,
  images: ReadonlyMap<string, ImageObject>,
): OrderObject {
  const c = row.currency;
  const address = JSON.parse(row.shipping_address) as Partial<OrderObject['shipping_address']>;
  const url = `/my-orders/${row.id}`;
  return {
    id: row.id,
    number: row.number,
    url,
    placed_at: isoFromDb(row.placed_at),
    status: row.status,
    currency: c,
    subtotal: money(row.subtotal_minor, c, locale),
    shipping: money(row.shipping_minor, c, locale),
    tax: money(row.tax_minor, c, locale),
    discount: money(row.discount_minor, c, locale),
    total: money(row.total_minor, c, locale),
    note: row.note,
    shipping_address: {
      name: address.name ?? '',
      line1: address.line1 ?? '',
      line2: address.line2 ?? '',
      city: address.city ?? '',
      region: address.region ?? '',
      postal_code: address.postal_code ?? '',
      country: address.country ?? '',
      phone: address.phone ?? '',
    },
    lines: lines.map((l) => ({
      product_name: l.product_name,
      variant_name: l.variant_name,
      sku: l.sku,
      quantity: l.quantity,
      unit_price: money(l.unit_price_minor, c, locale),
      line_total: money(l.line_total_minor, c, locale),
      image: images.get(l.variant_id) ?? null,
    })),
    shipments: shipments.map((s) => ({
      id: s.id,
      carrier: s.carrier,
      tracking_number: s.tracking_number,
      tracking_url: safeTrackingUrl(s.tracking_url),
      status: s.status,
      shipped_at: s.shipped_at ? isoFromDb(s.shipped_at) : null,
      tracking_page_url: `${url}/tracking`,
    })),
  };
}

async function withDetails(db: Db, siteId: string, rows: OrderRow[], locale: string): Promise<OrderObject[]> {
  const { lines, shipments } = await detailsOf(
    db,
    siteId,
    rows.map((r) => r.id),
  );
  const images = await imagesForVariants(
    db,
    siteId,
    lines.map((l) => l.variant_id),
  );
  return rows.map((r) =>
    toOrder(
      r,
      lines.filter((l) => l.order_id === r.id),
      shipments.filter((s) => s.order_id === r.id),
      locale,
      images,
    ),
  );
}

/** orders.paginate: the signed-in account's orders, newest first (money formatted for locale); empty with authenticated=false for guests. */
export async function paginateOrders(
  db: Db,
  siteId: string,
  accountId: string | null,
  args: { limit?: number; page?: number },
  request: { path: string; query: Record<string, string> },
  locale: string,
): Promise<OrderListing> {
  const perPage = clampLimit(args.limit, DEFAULT_ORDER_PAGE_SIZE);
  const page = clampPage(args.page);
  if (!accountId)
    return { items: [], authenticated: false, ...paging(page, perPage, 0, request), prev_url: null };
  const { rows, total } = await pageOfAccountOrders(db, siteId, accountId, perPage, (page - 1) * perPage);
  return {
    items: await withDetails(db, siteId, rows, locale),
    authenticated: true,
    ...paging(page, perPage, total, request),
  };
}

/** orders.find: one of the signed-in account's orders, or null (anyone else's order is null too). */
export async function findOrder(
  db: Db,
  siteId: string,
  accountId: string | null,
  id: string,
  locale: string,
): Promise<OrderObject | null> {
  if (!accountId || !isUuid(id)) return null;
  const row = await accountOrderById(db, siteId, accountId, id);
  return row ? (await withDetails(db, siteId, [row], locale))[0] : null;
}

/** orders.track: the full order with a shipment of this tracking number on this site, or null. */
export async function trackOrder(
  db: Db,
  siteId: string,
  trackingNumber: string,
  locale: string,
): Promise<OrderObject | null> {
  const number = normalizeTrackingNumber(trackingNumber);
  if (!number || number.length > 64) return null;
  const row = await orderByTrackingNumber(db, siteId, number);
  return row ? (await withDetails(db, siteId, [row], locale))[0] : null;
}
