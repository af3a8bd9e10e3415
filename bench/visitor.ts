// Visitors for the stateful flows: a browser-like client loads a page (CSRF cookie + token from the
// meta tag), optionally adds to its cart (which creates its guest session), and hands its cookies
// and token to the flow client.
import { TestBrowser } from '../test/helpers/browser.js';
import type { Visitor } from './flow.js';

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
