// Checkout, free of HTTP: the quote, and place-order with idempotency keys. This is the one place
// where cart, pricing, orders and idempotency meet.
//
// place-order, step by step (the semantics of Stripe and the IETF Idempotency-Key draft):
// 1. Validate the body: a malformed or missing key is 422 idempotency_key_invalid; a bad
//    quote_fingerprint, shipping_address or note is 422 validation_failed naming the fields.
// 2. request_hash = SHA-256 of the canonical payload (fingerprint, normalized address, note) and of
//    the guest session it came from: a key is bound to its browser session.
// 3. Insert the key's record (state processing, order id reserved) BEFORE any work. The primary key
//    (site, key) makes concurrent duplicates collide in the database, on MySQL and SQLite alike,
//    across any number of processes; no in-process lock, no SELECT … FOR UPDATE. A duplicate:
//    other hash → 422 idempotency_key_reused; completed → the stored status and body replayed
//    (same ID); still processing → wait for that attempt's outcome and answer it (the same 201), or
//    after IN_PROGRESS_WAIT_MS 503 idempotency_in_progress with Retry-After: 1 (not 409, which tells
//    the client the order was rejected). A record whose attempt went silent for LEASE_MS (its
//    process died) is taken over.
// 4. One transaction: confirm the record is still ours (this also takes the write lock first),
//    recompute the quote from the database (422 cart_empty / cart_unavailable_lines /
//    amount_too_large, 409 quote_stale when the fingerprint differs), take the lines' stock with a
//    conditional decrement each (409 out_of_stock naming the short lines; runtime/catalog/stock.ts),
//    insert the order and its lines, delete exactly the lines that were ordered (a count mismatch
//    means the cart changed under us: 409), mark the record completed with the response. The order
//    and the completed record commit together. A write conflict (deadlock, Galera certification
//    failure) replays the whole transaction.
// 5. When the attempt fails (4xx or 5xx) no order exists: its record is deleted so that the client
//    can retry (after fixing the cause). Keys are kept 24 hours (expires_at; swept afterwards).
// Success is 201 {ID, Number}; a replay answers the same 201 and body, with Idempotent-Replayed
// (read from the record: a replay never takes stock again).
import type { Knex } from 'knex';
import type { Db } from '../db.js';
import { transactionWithRetry } from '../db-retry.js';
import type { Site } from '../sites/store.js';
import { HttpError, validationError } from '../errors.js';
import { newId, newOrderNumber } from '../ids.js';
import { dbNow, fromDbTime } from '../time.js';
import { isUniqueViolation } from '../db-errors.js';
import { loadActiveAccount } from '../accounts/auth.js';
import { cartLinesForSession, deleteExactCartLines, lineSellable, type CartLineRow } from '../cart/store.js';
import { insertOrder } from '../orders/store.js';
import { takeStock } from '../catalog/stock.js';
import { assertWithinOrderLimit, computeTotals, type Totals } from './pricing.js';
import { validateAddress } from './address.js';
import type { ShippingAddress } from '../orders/address.js';
import { canonicalJson, quoteFingerprint, sha256Hex, verifyFingerprint } from './fingerprint.js';
import {
  complete,
  confirmOwner,
  deleteIfExpired,
  findRecord,
  insertProcessing,
  release,
  takeOver,
  type IdempotencyRecord,
} from './idempotency.js';

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const NOTE_MAX_CHARS = 1000;
/** A processing record older than this belongs to an attempt that died; a duplicate takes it over. */
export const LEASE_MS = 30_000;
/**
 * How long a duplicate waits for the attempt holding its key. Placing an order takes milliseconds,
 * so concurrent duplicates (a double click, a retry racing a slow first try) get the order itself.
 */
export const IN_PROGRESS_WAIT_MS = 5_000;

/** One line of the quote body (runtime/schemas/quote.json). */
export interface QuoteItem {
  variant_id: string;
  quantity: number;
  ProductName: string;
  VariantName: string;
  UnitPrice: number;
  LineTotal: number;
  /** Present (true) only when fewer units are left than the line wants: place-order would be 409. */
  StockShort?: true;
  /** With StockShort: the units left. */
  StockLeft?: number;
}

/** The quote body: amounts in minor units of Currency. */
export interface QuoteResponse {
  Items: QuoteItem[];
  Currency: string;
  SubtotalAmount: number;
  ShippingFeeAmount: number;
  TaxAmount: number;
  DiscountAmount: number;
  GrandTotalAmount: number;
  Fingerprint: string;
}

/** Who is ordering: the browser's session and, if signed in, the account the session names. */
export interface Buyer {
  sessionId: string | null;
  /** The signed-in account and the generation its session was signed in with, or null. */
  account: { accountId: string; generation: number } | null;
}

/**
 * Runs of the place-order transaction allowed after write conflicts. Buyers of the last units of a
 * variant all write its row; on Galera, those spread over the nodes fail certification against one
 * another until the stock is gone (then the conditional update matches nothing and writes nothing):
 * the default of 5 runs gave 503s to some of 50 concurrent buyers.
 */
const PLACE_ORDER_ATTEMPTS = 12;

/** transactionWithRetry with PLACE_ORDER_ATTEMPTS runs. */
function orderTransaction(db: Db, fn: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  return transactionWithRetry(db, fn, { attempts: PLACE_ORDER_ATTEMPTS });
}

/** What place-order answers (an error is thrown instead). */
export interface PlaceOrderResult {
  status: number;
  body: { ID: string; Number: string };
  replayed: boolean;
}

interface ComputedQuote {
  lines: CartLineRow[];
  totals: Totals;
  fingerprint: string;
  response: QuoteResponse;
}

/**
 * Quote of a cart's lines: 422 when empty, with unavailable lines, in another currency, or above
 * MAX_ORDER_AMOUNT_MINOR (amount_too_large). For checkout/quote (`forOrder` false) a line whose
 * tracked stock is 0 is unavailable like in the cart, and a line wanting more than is left is
 * marked StockShort; place-order (`forOrder`) leaves stock to takeStock, whose answer is 409.
 */
function quoteOf(
  site: Site,
  lines: CartLineRow[],
  address: ShippingAddress,
  keys: readonly string[],
  forOrder = false,
): ComputedQuote {
  if (lines.length === 0) throw new HttpError('cart_empty');
  if (lines.some((l) => (forOrder ? !l.available : !lineSellable(l))))
    throw new HttpError('cart_unavailable_lines');
  if (lines.some((l) => l.currency !== site.currency)) throw new HttpError('cart_currency_mismatch');
  const totals = computeTotals(
    lines.map((l) => ({ unitPrice: l.price_minor, quantity: l.quantity })),
    site,
  );
  // Before the fingerprint: a cart whose prices rose past the maximum since it was filled is 422
  // here, and at place-order, never an insert that fails in the database.
  assertWithinOrderLimit(totals);
  const fingerprint = quoteFingerprint(keys[0], fingerprintInput(site, lines, address, totals));
  return {
    lines,
    totals,
    fingerprint,
    response: {
      Items: lines.map((l) => ({
        variant_id: l.variant_id,
        quantity: l.quantity,
        ProductName: l.product_name,
        VariantName: l.variant_name,
        UnitPrice: l.price_minor,
        LineTotal: l.price_minor * l.quantity,
        ...(l.stock != null && l.stock < l.quantity ? { StockShort: true as const, StockLeft: l.stock } : {}),
      })),
      Currency: site.currency,
      SubtotalAmount: totals.subtotal,
      ShippingFeeAmount: totals.shipping,
      TaxAmount: totals.tax,
      DiscountAmount: totals.discount,
      GrandTotalAmount: totals.total,
      Fingerprint: fingerprint,
    },
  };
}

function fingerprintInput(site: Site, lines: CartLineRow[], address: ShippingAddress, totals: Totals) {
  return {
    siteId: site.id,
    currency: site.currency,
    lines: lines.map((l) => ({ variantId: l.variant_id, quantity: l.quantity, unitPrice: l.price_minor })),
    address,
    totals,
  };
}

function addressOrThrow(value: unknown): ShippingAddress {
  const checked = validateAddress(value);
  if ('errors' in checked) throw validationError(checked.errors);
  return checked.address;
}

/** checkout/quote: validates the address, then prices the session's cart. Reads only. */
export async function quote(
  db: Db,
  site: Site,
  sessionId: string | null,
  body: Record<string, unknown>,
  keys: readonly string[],
): Promise<QuoteResponse> {
  const address = addressOrThrow(body.shipping_address);
  const lines = sessionId ? await cartLinesForSession(db, site.id, sessionId) : [];
  return quoteOf(site, lines, address, keys).response;
}

interface PlaceOrderInput {
  key: string;
  fingerprint: string;
  address: ShippingAddress;
  note: string;
}

/** Validates the place-order body (key first, then every other field at once). */
export function placeOrderInput(body: Record<string, unknown>): PlaceOrderInput {
  const key = body.idempotency_key;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new HttpError('idempotency_key_invalid');
  const errors: Record<string, string> = {};
  const fingerprint = body.quote_fingerprint;
  if (typeof fingerprint !== 'string' || !/^[0-9a-f]{64}$/.test(fingerprint))
    errors.quote_fingerprint = "must be the quote's Fingerprint";
  const checked = validateAddress(body.shipping_address);
  if ('errors' in checked) Object.assign(errors, checked.errors);
  const rawNote = body.note ?? '';
  let note = '';
  if (typeof rawNote !== 'string') errors.note = 'must be text';
  else if ([...rawNote].length > NOTE_MAX_CHARS) errors.note = `must be at most ${NOTE_MAX_CHARS} characters`;
  // eslint-disable-next-line no-control-regex -- tabs and newlines are fine in a note, other controls are not
  else if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(rawNote))
    errors.note = 'must not contain control characters';
  else note = rawNote.trim();
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return {
    key,
    fingerprint: fingerprint as string,
    address: (checked as { address: ShippingAddress }).address,
    note,
  };
}

/** The stored answer of a completed record. */
function replay(record: IdempotencyRecord): PlaceOrderResult {
  return {
    status: record.response_status ?? 201,
    body: JSON.parse(record.response_body ?? '{}') as PlaceOrderResult['body'],
    replayed: true,
  };
}

const inProgress = () => new HttpError('idempotency_in_progress', undefined, { retryAfter: 1 });

/** Thrown inside the transaction when the record is no longer this attempt's. */
class LostRecord extends Error {
  override name = 'LostRecord';
}

/**
 * Claims the key for this attempt (returns null) or settles the request from the existing record:
 * a replay, or an error thrown. While another attempt holds the key, waits for its outcome (up to
 * IN_PROGRESS_WAIT_MS), so that concurrent duplicates all answer with the one order.
 */
async function claim(
  db: Db,
  siteId: string,
  key: string,
  hash: string,
  orderId: string,
): Promise<PlaceOrderResult | null> {
  const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
  for (let round = 0; ; round++) {
    if (Date.now() > deadline) throw inProgress(); // also bounds the retries after a lost race below
    if (await insertProcessing(db, siteId, key, hash, orderId)) return null;
    const record = await findRecord(db, siteId, key);
    if (record && fromDbTime(record.expires_at).getTime() < Date.now()) {
      await deleteIfExpired(db, siteId, key);
      continue;
    }
    if (record) {
      if (record.request_hash !== hash) throw new HttpError('idempotency_key_reused');
      if (record.state === 'completed') return replay(record);
      if (Date.now() - fromDbTime(record.created_at).getTime() > LEASE_MS) {
        if (await takeOver(db, siteId, key, record.order_id, orderId)) return null;
        continue;
      }
    }
    // Another attempt holds the key, or released it a moment ago: look again shortly.
    await pauseBeforeLookingAgain(deadline, round);
  }
}

/** The answer after the record slipped away from this attempt: whatever the record comes to say. */
async function settleFromRecord(
  db: Db,
  siteId: string,
  key: string,
  hash: string,
): Promise<PlaceOrderResult> {
  const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
  for (let round = 0; ; round++) {
    const record = await findRecord(db, siteId, key);
    if (record && record.request_hash !== hash) throw new HttpError('idempotency_key_reused');
    if (record && record.state === 'completed') return replay(record);
    await pauseBeforeLookingAgain(deadline, round);
  }
}

/**
 * Sleeps 10, 20, 40 … 200 ms between looks at a record another attempt holds; past the deadline
 * throws 503 idempotency_in_progress (the outcome is unknown to this request: retry the same key).
 */
async function pauseBeforeLookingAgain(deadline: number, round: number): Promise<void> {
  const delay = Math.min(10 * 2 ** round, 200);
  if (Date.now() + delay > deadline) throw inProgress();
  await new Promise((resolve) => setTimeout(resolve, delay));
}

/** checkout/place-order; see the steps at the top of this file. */
export async function placeOrder(
  db: Db,
  site: Site,
  buyer: Buyer,
  body: Record<string, unknown>,
  keys: readonly string[],
): Promise<PlaceOrderResult> {
  const input = placeOrderInput(body);
  const sessionId = buyer.sessionId;
  if (!sessionId) throw new HttpError('cart_empty'); // no session: no cart, and nothing placed before
  const hash = sha256Hex(
    canonicalJson({
      session: sessionId,
      quote_fingerprint: input.fingerprint,
      shipping_address: { ...input.address },
      note: input.note,
    }),
  );
  const orderId = newId();

  const settled = await claim(db, site.id, input.key, hash, orderId);
  if (settled) return settled;

  try {
    // The order belongs to the signed-in account only while it is active; otherwise to the session.
    const account = buyer.account
      ? await loadActiveAccount(db, site.id, buyer.account.accountId, buyer.account.generation)
      : null;
    const result = { ID: orderId, Number: '' };
    // A write conflict (deadlock, lock wait timeout, Galera certification failure, SQLite busy)
    // rolled the whole transaction back: it is replayed from confirmOwner on. Everything it does is
    // inside it (result is rewritten by each run), and LostRecord/HttpError are not retried.
    await orderTransaction(db, async (trx) => {
      if (!(await confirmOwner(trx, site.id, input.key, orderId))) throw new LostRecord();
      const lines = await cartLinesForSession(trx, site.id, sessionId);
      const q = quoteOf(site, lines, input.address, keys, true);
      if (!verifyFingerprint(keys, fingerprintInput(site, lines, input.address, q.totals), input.fingerprint))
        throw new HttpError('quote_stale');
      // Every line's units, or none: a short line throws 409 out_of_stock and all of this rolls back.
      await takeStock(trx, site.id, lines);
      const placedAt = dbNow();
      for (let n = 0; ; n++) {
        result.Number = newOrderNumber();
        try {
          await insertOrder(trx, {
            id: orderId,
            siteId: site.id,
            number: result.Number,
            accountId: account?.id ?? null,
            sessionId,
            currency: site.currency,
            totals: q.totals,
            shippingAddress: input.address,
            note: input.note,
            placedAt,
            lines: lines.map((l) => ({
              variantId: l.variant_id,
              sku: l.sku,
              productName: l.product_name,
              variantName: l.variant_name,
              unitPrice: l.price_minor,
              quantity: l.quantity,
            })),
          });
          break;
        } catch (err) {
          // An order number is random; on the rare collision draw another (the id is ours alone).
          if (!isUniqueViolation(err) || n >= 3) throw err;
        }
      }
      // The cart's id came with its lines (quoteOf threw on an empty cart): no read of its own.
      const removed = await deleteExactCartLines(trx, lines[0].cart_id, lines);
      if (removed !== lines.length) throw new HttpError('quote_stale'); // the cart changed under us
      if (!(await complete(trx, site.id, input.key, orderId, 201, result))) throw new LostRecord();
    });
    return { status: 201, body: { ...result }, replayed: false };
  } catch (err) {
    if (err instanceof LostRecord) return settleFromRecord(db, site.id, input.key, hash);
    // No order was committed (a committed order completed the record, which release leaves alone).
    await release(db, site.id, input.key, orderId).catch(() => undefined);
    throw err;
  }
}
