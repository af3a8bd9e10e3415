// Every error code the service answers with, its HTTP status and default message. Routes throw
// HttpError(code); the error middleware turns it into {error:{code,message}}.

export const ERROR_TABLE = {
  bad_request: [400, 'The request is malformed.'],
  invalid_json: [400, 'The request body is not valid JSON.'],
  not_authenticated: [401, 'Sign in to continue.'],
  invalid_credentials: [401, 'The email or password is incorrect.'],
  csrf_rejected: [403, 'The security token is missing or has expired. Reload the page and try again.'],
  registration_closed: [403, 'This shop does not accept new accounts at the moment.'],
  login_closed: [403, 'Signing in is not possible at the moment.'],
  https_required: [403, 'This shop only accepts requests over HTTPS.'],
  not_found: [404, 'Not found.'],
  variant_not_found: [404, 'This product variant does not exist.'],
  method_not_allowed: [405, 'This method is not allowed here.'],
  quote_stale: [409, 'Your cart, prices or address changed since the quote. Review the order again.'],
  // place-order when a line wants more units than are left; no order, nothing taken. `lines` names them.
  out_of_stock: [409, 'Some items in your cart are out of stock or short. Review the order again.'],
  payload_too_large: [413, 'The request body is too large.'],
  unsupported_media_type: [
    415,
    'Send JSON (application/json) or a form (application/x-www-form-urlencoded).',
  ],
  validation_failed: [422, 'Some fields are invalid.'],
  variant_unavailable: [422, 'This product variant is not available.'],
  quantity_invalid: [422, 'Quantity must be a whole number from 1 to 999.'],
  cart_empty: [422, 'Your cart is empty.'],
  cart_unavailable_lines: [422, 'Some items in your cart are no longer available. Remove them to continue.'],
  cart_too_many_lines: [
    422,
    'Your cart has as many different items as it can hold. Remove one to add another.',
  ],
  cart_currency_mismatch: [
    422,
    'Some items in your cart are priced in another currency. Remove them to continue.',
  ],
  idempotency_key_invalid: [
    422,
    'idempotency_key must be 16 to 64 characters of letters, digits, "-" or "_".',
  ],
  idempotency_key_reused: [422, 'This idempotency key was already used for a different order.'],
  amount_too_large: [422, 'This order would exceed the largest amount the shop accepts in one order.'],
  rate_limited: [429, 'Too many attempts. Try again later.'],
  internal_error: [500, 'Something went wrong on our side.'],
  // Only after a duplicate waited IN_PROGRESS_WAIT_MS for the attempt holding its key. Not 409: to
  // the contract's client a 409 means "rejected, drop the pending order", but this order is being
  // placed. A 5xx means "outcome unknown: retry with the same key", which gets the order.
  idempotency_in_progress: [503, 'This order is still being placed. Try again in a moment.'],
  service_unavailable: [503, 'The service is temporarily unavailable.'],
  // Sign-in and registration when every password-hashing thread is busy and the queue is full:
  // refused at once rather than queued for seconds behind a flood.
  service_busy: [503, 'The service is busy. Try again in a moment.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** A cart line that wants more units than are left (the `lines` of a 409 out_of_stock). */
export interface OutOfStockLine {
  variant_id: string;
  sku: string;
  ProductName: string;
  VariantName: string;
  quantity: number;
  /** Units left when the order was refused. */
  stock: number;
}

/** An error with a code from ERROR_TABLE; extra carries field errors or a Retry-After. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly extra: {
      fields?: Record<string, string>;
      retryAfter?: number;
      /** out_of_stock: the lines that lack stock. */
      lines?: OutOfStockLine[];
    } = {},
  ) {
    super(message ?? ERROR_TABLE[code][1]);
    this.status = ERROR_TABLE[code][0];
  }

  /** The JSON body: {error:{code,message}} (plus fields for validation errors, lines for out_of_stock). */
  toBody(): {
    error: { code: string; message: string; fields?: Record<string, string>; lines?: OutOfStockLine[] };
  } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.extra.fields ? { fields: this.extra.fields } : {}),
        ...(this.extra.lines ? { lines: this.extra.lines } : {}),
      },
    };
  }
}

/** A 422 naming each bad field. */
export function validationError(fields: Record<string, string>): HttpError {
  const names = Object.keys(fields);
  return new HttpError('validation_failed', `Invalid ${names.join(', ')}: ${Object.values(fields)[0]}`, {
    fields,
  });
}
