// Order operations for operators (the `storefront orders` CLI): listing a site's orders and adding
// a shipment with a tracking number. Free of HTTP and of the terminal.
import type { Db } from '../db.js';
import { transactionWithRetry } from '../db-retry.js';
import { isUuid, newId } from '../ids.js';
import { DEFAULT_MONEY_LOCALE, money } from '../money.js';
import { findSiteById } from '../sites/store.js';
import { dbNow, isoFromDb } from '../time.js';
import { isUniqueViolation } from '../db-errors.js';
import { UserError } from '../user-error.js';
import { findOrderRef, insertShipment, listSiteOrders, trackingNumberTaken } from './store.js';

/** Bad operator input (unknown order, bad URL, taken tracking number); the message is one line. */
export class OrderInputError extends UserError {
  override name = 'OrderInputError';
}

/** One order as `orders list` shows it. */
export interface OrderSummary {
  id: string;
  number: string;
  status: string;
  placed_at: string;
  total: { amount: number; currency: string; formatted: string };
  account_email: string | null;
  shipments: number;
}

/** A site's orders, newest first, their totals formatted in the site's locale. */
export async function listOrders(db: Db, siteId: string, limit = 100): Promise<OrderSummary[]> {
  const [rows, site] = await Promise.all([listSiteOrders(db, siteId, limit), findSiteById(db, siteId)]);
  const locale = site?.locale ?? DEFAULT_MONEY_LOCALE;
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status,
    placed_at: isoFromDb(r.placed_at),
    total: money(r.total_minor, r.currency, locale),
    account_email: r.account_email,
    shipments: Number(r.shipments),
  }));
}

/**
 * Tracking numbers are compared in one form on every engine (MySQL's collation ignores case,
 * SQLite's does not): whitespace removed, upper case.
 */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const TRACKING_NUMBER = /^[A-Z0-9][A-Z0-9._-]{0,63}$/;

/** An http(s) URL as text, or an error naming the problem. */
function trackingUrlOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new OrderInputError(`tracking URL is not a valid URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new OrderInputError(`tracking URL must use http or https, not ${url.protocol.replace(/:$/, '')}`);
  const text = url.toString();
  if (text.length > 2048) throw new OrderInputError('tracking URL is longer than 2048 characters');
  return text;
}

/** What a new shipment needs; `order` is an order id, or an order number of `siteId`. */
export interface ShipInput {
  order: string;
  siteId: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string;
}

/** The created shipment. */
export interface ShipmentCreated {
  id: string;
  order_id: string;
  order_number: string;
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  shipped_at: string;
}

/**
 * Adds a shipment to an order and marks the order shipped. Refuses a non-http(s) tracking URL and
 * a tracking number the order's site already uses (also when two operators race: unique index).
 */
export async function shipOrder(db: Db, input: ShipInput): Promise<ShipmentCreated> {
  const carrier = input.carrier.trim();
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (!carrier || [...carrier].length > 64 || /[\u0000-\u001f\u007f]/.test(carrier))
    throw new OrderInputError('carrier must be 1–64 characters of text');
  const trackingNumber = normalizeTrackingNumber(input.trackingNumber);
  if (!TRACKING_NUMBER.test(trackingNumber))
    throw new OrderInputError('tracking number must be 1–64 letters, digits, ".", "_" or "-"');
  const trackingUrl =
    input.trackingUrl === undefined || input.trackingUrl.trim() === ''
      ? null
      : trackingUrlOf(input.trackingUrl);

  const ref = input.order.trim();
  const order = isUuid(ref.toLowerCase())
    ? await findOrderRef(db, { id: ref.toLowerCase() })
    : await findOrderRef(db, { siteId: input.siteId, number: ref.toUpperCase() });
  if (!order) throw new OrderInputError(`no order ${JSON.stringify(ref)}`);
  const taken = new OrderInputError(
    `tracking number ${trackingNumber} is already used by another shipment of this site`,
  );
  if (await trackingNumberTaken(db, order.site_id, trackingNumber)) throw taken;

  const shipment = {
    id: newId(),
    siteId: order.site_id,
    orderId: order.id,
    carrier,
    trackingNumber,
    trackingUrl,
    shippedAt: dbNow(),
  };
  try {
    // Replayed whole on a write conflict; a tracking number taken meanwhile is a unique violation.
    await transactionWithRetry(db, (trx) => insertShipment(trx, shipment));
  } catch (err) {
    if (isUniqueViolation(err)) throw taken;
    throw err;
  }
  return {
    id: shipment.id,
    order_id: order.id,
    order_number: order.number,
    carrier,
    tracking_number: trackingNumber,
    tracking_url: trackingUrl,
    shipped_at: isoFromDb(shipment.shippedAt),
  };
}
