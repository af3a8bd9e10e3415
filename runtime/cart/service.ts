// Cart rules, free of HTTP: the guest cart of a session, its JSON shape, and the quantity rules.
//
// Quantities are whole numbers from 1 to 999 per line.
// - JSON bodies: only JSON numbers count; "3" (a string), 2.5, -1, 0, 1000 and null are 422
//   quantity_invalid. A missing quantity on cart/add means 1.
// - HTML form posts (every value is text): decimal digits only ("3" is 3). On cart/update a form
//   quantity of 0 removes the line (the no-script cart page's "0 = remove"); JSON clients call
//   cart/remove instead, as the contract says.
// - cart/add merges into an existing line; a merge that would pass 999 is rejected with 422
//   quantity_invalid and the cart is left as it was (never silently capped).
// Variant ids that are malformed, unknown or of another site are 404 variant_not_found; adding an
// unavailable variant (or one whose tracked stock is 0) is 422 variant_unavailable; a cart holds at most MAX_CART_LINES (100) distinct
// variants (422 cart_too_many_lines); lines that became unavailable stay in the cart
// and can still be updated and removed. Any other key of the body (a `price`, say) is ignored:
// prices always come from the variants table.
// A change that raises the cart's amount is refused with 422 amount_too_large when an order of the
// whole cart (shipping and tax included) would pass MAX_ORDER_AMOUNT_MINOR; lowering a quantity or
// removing a line is always allowed, also in a cart that a price rise has taken past the maximum.
// The caps hold under concurrency: each change decides on the lines it reads inside the cart's lock
// (changeLine below), so 149 concurrent adds to a cart of one line still end with 100 lines.
import type { Db } from '../db.js';
import { transactionWithRetry } from '../db-retry.js';
import type { Site } from '../sites/store.js';
import { HttpError } from '../errors.js';
import { assertWithinOrderLimit, computeTotals } from '../checkout/pricing.js';
import { cartObject } from './template.js';
import { DEFAULT_MONEY_LOCALE } from '../money.js';
import {
  cartIdForSession,
  cartLinesForSession,
  deleteCartLine,
  ensureCartForSession,
  findCartVariant,
  insertCartLine,
  lineSellable,
  lockCart,
  lockedCartLines,
  updateCartLineQuantity,
  variantPrices,
  type CartLineRow,
} from './store.js';

export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 999;
/** Distinct variants per cart (a guard against carts nobody could check out). */
export const MAX_CART_LINES = 100;

/** One line of the cart endpoints' body (runtime/schemas/cart-response.json). */
export interface CartResponseItem {
  variant_id: string;
  quantity: number;
  Available: boolean;
  ProductName: string;
  VariantName: string;
  Slug: string;
  UnitPrice: number | null;
  LineTotal: number | null;
}

/** The cart endpoints' body: amounts in minor units of Currency. */
export interface CartResponse {
  Items: CartResponseItem[];
  /** Sum of the available lines; 0 for an empty cart; null when lines mix currencies. */
  Subtotal: number | null;
  /** The cart's currency (the site's for an empty cart); null when lines mix currencies. */
  Currency: string | null;
  /** Sum of the available lines' quantities (the lines Subtotal counts). */
  ItemCount: number;
}

/** Where the request came from: JSON keeps types strict, form posts carry text. */
export interface CartRequestKind {
  form: boolean;
}

/** Turns the body's variant_id into a canonical id, or throws 404 variant_not_found. */
export function parseVariantId(value: unknown): string {
  if (typeof value === 'string') {
    const id = value.trim().toLowerCase();
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return id;
  }
  throw new HttpError('variant_not_found');
}

/**
 * Parses a quantity under the rules at the top of this file. `missing` is what an absent value
 * means (undefined: required); `allowZero` lets 0 through (form updates, where 0 removes).
 */
export function parseQuantity(
  value: unknown,
  kind: CartRequestKind,
  options: { missing?: number; allowZero?: boolean } = {},
): number {
  const min = options.allowZero ? 0 : MIN_LINE_QUANTITY;
  let n: number | null = null;
  if (value === undefined || (kind.form && value === '')) {
    if (options.missing !== undefined) return options.missing;
  } else if (typeof value === 'number') {
    n = value;
  } else if (kind.form && typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value)) {
    n = Number(value.trim());
  }
  if (n === null || !Number.isInteger(n) || n < min || n > MAX_LINE_QUANTITY)
    throw new HttpError('quantity_invalid');
  return n;
}

/** The endpoints' body for a cart's lines. */
export function cartResponse(lines: CartLineRow[], siteCurrency: string): CartResponse {
  // Only the amounts are sent (no formatted text), so the locale does not matter here.
  const cart = cartObject(lines, DEFAULT_MONEY_LOCALE);
  return {
    Items: cart.items.map((item) => ({
      variant_id: item.variant_id,
      quantity: item.quantity,
      Available: item.available,
      ProductName: item.product_name,
      VariantName: item.variant_name,
      Slug: item.product_slug,
      UnitPrice: item.unit_price?.amount ?? null,
      LineTotal: item.line_total?.amount ?? null,
    })),
    Subtotal: lines.length === 0 ? 0 : (cart.total_price?.amount ?? null),
    Currency: lines.length === 0 ? siteCurrency : (cart.total_price?.currency ?? null),
    ItemCount: cart.item_count,
  };
}

/** The cart of a session (null: a visitor without a session, whose cart is empty). */
export async function readCart(db: Db, site: Site, sessionId: string | null): Promise<CartResponse> {
  const lines = sessionId ? await cartLinesForSession(db, site.id, sessionId) : [];
  return cartResponse(lines, site.currency);
}

/** A change of one line: `add` merges into the line or inserts it; `set` changes an existing line. */
interface LineChange {
  kind: 'add' | 'set';
  variantId: string;
  quantity: number;
}

const notInCart = () => new HttpError('variant_not_found', 'This item is not in your cart.');

/**
 * Runs of one cart change allowed after write conflicts (the default is DEFAULT_ATTEMPTS, 5). Every
 * change of a cart takes the same row lock; on Galera, a burst of them spread over the nodes aborts
 * one another (brute-force aborts, certification failures): 30 concurrent adds through 3 nodes
 * (test/cluster/cart.test.ts) took up to 6 runs of a transaction, so the default gave some 503s.
 */
const CHANGE_ATTEMPTS = 12;

/**
 * Applies a line change in one transaction that holds the cart's lock (lockCart), deciding every cap
 * on the lines as they are now: the line cap for a new line, the quantity cap for a merge, and the
 * order-amount limit for any change that raises a quantity. A write conflict replays the whole
 * transaction, decisions included (transactionWithRetry). False when the cart no longer exists.
 */
function changeLine(db: Db, site: Site, cartId: string, change: LineChange): Promise<boolean> {
  return transactionWithRetry(db, (trx) => changeLockedLine(trx, site, cartId, change), {
    attempts: CHANGE_ATTEMPTS,
  });
}

/** The body of changeLine's transaction. */
async function changeLockedLine(trx: Db, site: Site, cartId: string, change: LineChange): Promise<boolean> {
  if (!(await lockCart(trx, cartId))) return false;
  const lines = await lockedCartLines(trx, cartId);
  const line = lines.find((l) => l.variant_id === change.variantId);
  if (!line) {
    if (change.kind === 'set') throw notInCart();
    if (lines.length >= MAX_CART_LINES) throw new HttpError('cart_too_many_lines');
  }
  const current = line?.quantity ?? 0;
  const quantity = change.kind === 'add' ? current + change.quantity : change.quantity;
  if (quantity > MAX_LINE_QUANTITY)
    throw new HttpError(
      'quantity_invalid',
      `A line holds at most ${MAX_LINE_QUANTITY} items; this would exceed it. The cart was not changed.`,
    );
  // Only a raise is checked against the maximum: lowering a quantity is always allowed.
  if (quantity > current) {
    const prices = await variantPrices(trx, site.id, [...lines.map((l) => l.variant_id), change.variantId]);
    const after = lines.filter((l) => l !== line).concat({ variant_id: change.variantId, quantity });
    const priced = after.map((l) => ({ unitPrice: prices.get(l.variant_id) ?? 0, quantity: l.quantity }));
    assertWithinOrderLimit(computeTotals(priced, site));
  }
  if (line) await updateCartLineQuantity(trx, cartId, change.variantId, quantity);
  else await insertCartLine(trx, site.id, cartId, change.variantId, quantity);
  return true;
}

/**
 * cart/add: validates first, then asks `session()` for the session id (which creates the guest
 * session only now that something is written) and merges the quantity into the line.
 */
export async function addItem(
  db: Db,
  site: Site,
  session: () => string,
  body: Record<string, unknown>,
  kind: CartRequestKind,
): Promise<CartResponse> {
  const variantId = parseVariantId(body.variant_id);
  const quantity = parseQuantity(body.quantity, kind, { missing: 1 });
  const variant = await findCartVariant(db, site.id, variantId);
  if (!variant) throw new HttpError('variant_not_found');
  if (!lineSellable(variant)) throw new HttpError('variant_unavailable'); // stock 0 included
  const sessionId = session();
  // A cart deleted between finding and locking it (a logout or block racing this add) is made anew.
  for (let attempt = 0; ; attempt++) {
    const cartId = await ensureCartForSession(db, site.id, sessionId);
    if (await changeLine(db, site, cartId, { kind: 'add', variantId, quantity })) break;
    if (attempt >= 2) throw new Error('cart for session could not be kept');
  }
  return readCart(db, site, sessionId);
}

/**
 * cart/update: sets the quantity of a line already in the cart (available or not); 404 when the
 * cart has no such line. A form post with quantity 0 removes the line.
 */
export async function updateItem(
  db: Db,
  site: Site,
  sessionId: string | null,
  body: Record<string, unknown>,
  kind: CartRequestKind,
): Promise<CartResponse> {
  const variantId = parseVariantId(body.variant_id);
  const quantity = parseQuantity(body.quantity, kind, { allowZero: kind.form });
  const cartId = sessionId ? await cartIdForSession(db, site.id, sessionId) : null;
  if (!cartId) throw notInCart();
  if (quantity === 0) await deleteCartLine(db, cartId, variantId);
  else if (!(await changeLine(db, site, cartId, { kind: 'set', variantId, quantity }))) throw notInCart();
  return readCart(db, site, sessionId);
}

/** cart/remove: removes a line; removing a line that is not there leaves the cart as it is. */
export async function removeItem(
  db: Db,
  site: Site,
  sessionId: string | null,
  body: Record<string, unknown>,
): Promise<CartResponse> {
  const variantId = parseVariantId(body.variant_id);
  const cartId = sessionId ? await cartIdForSession(db, site.id, sessionId) : null;
  if (cartId) await deleteCartLine(db, cartId, variantId);
  return readCart(db, site, sessionId);
}
