// Visitors for the stateful flows: a browser-like client loads a page (CSRF cookie + token from the
// meta tag), optionally adds to its cart (which creates its guest session), and hands its cookies
// and token to the flow client.
import { TestBrowser } from '../test/helpers/browser.js';
import { randomBytes } from 'node:crypto';
import type { FlowRequest, Visitor } from './flow.js';

/** A shipping address the checkout accepts. */
export const BENCH_ADDRESS = Object.freeze({
  name: 'Ada Lovelace',
  line1: '12 St James Square',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country: 'GB',
});

/** A new visitor with a CSRF token; with `addVariant`, also a guest session whose cart has that line. */
export async function newVisitor(
  baseUrl: string,
  options: { addVariant?: string; headers?: Record<string, string> } = {},
): Promise<Visitor & { browser: TestBrowser }> {
  const browser = new TestBrowser(baseUrl, options.headers ?? {});
  const token = await browser.csrfToken('/products');
  if (options.addVariant) {
    const res = await browser.postJson(
      '/_post/cart/add',
      { variant_id: options.addVariant, quantity: 1 },
      token,
    );
    if (res.status !== 200)
      throw new Error(`cart/add while creating a visitor: ${res.status} ${res.text.slice(0, 200)}`);
  }
  return { browser, cookies: browser.cookies, token };
}

/**
 * The Cookie header a browser sends back after its first GET of path (every Set-Cookie of that
 * response), for the "returning visitor" runs; an empty object when the response set none.
 */
export async function firstResponseCookies(baseUrl: string, path: string): Promise<Record<string, string>> {
  const res = await fetch(baseUrl + path, { redirect: 'manual' });
  await res.arrayBuffer();
  const pairs = res.headers.getSetCookie().map((c) => c.split(';', 1)[0]);
  return pairs.length ? { cookie: pairs.join('; ') } : {};
}

/**
 * Iteration i of the cart flow for a visitor whose cart holds variantId: cart/add then cart/get;
 * every 500th also sets the line back to 1 (cart/update) so it never reaches the 999 cap.
 */
export function cartSteps(variantId: string, i: number): FlowRequest[] {
  const steps: FlowRequest[] = [
    {
      step: 'cart/add',
      method: 'POST',
      path: '/_post/cart/add',
      body: { variant_id: variantId, quantity: 1 },
    },
    { step: 'cart/get', method: 'POST', path: '/_post/cart/get', body: {} },
  ];
  if (i % 500 === 499)
    steps.push({
      step: 'cart/update (reset)',
      method: 'POST',
      path: '/_post/cart/update',
      body: { variant_id: variantId, quantity: 1 },
    });
  return steps;
}

/** An iteration of the checkout flow: place-order (a fresh key, the visitor's quote), then a cart/add that refills the cart. */
export function checkoutSteps(fingerprint: string, variantId: string): FlowRequest[] {
  return [
    {
      step: 'place-order',
      method: 'POST',
      path: '/_post/checkout/place-order',
      expect: [201],
      body: {
        idempotency_key: randomBytes(16).toString('hex'),
        quote_fingerprint: fingerprint,
        shipping_address: BENCH_ADDRESS,
        note: '',
      },
    },
    {
      step: 'cart/add (refill)',
      method: 'POST',
      path: '/_post/cart/add',
      body: { variant_id: variantId, quantity: 1 },
    },
  ];
}
