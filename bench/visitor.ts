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
