// Shared pieces of the cart, checkout and order tests: a server with the commerce fixture theme on
// the demo data, demo variants, accounts that sign in, a valid address, and requests with another
// Host header.
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Db } from '../../runtime/db.js';
import { hashPassword } from '../../runtime/accounts/password.js';
import { createAccount } from '../../runtime/accounts/store.js';
import { newId } from '../../runtime/ids.js';
import { renumberListing } from '../../runtime/catalog/listing-rank.js';
import { dbNow } from '../../runtime/time.js';
import { findSiteByHostExact, type Site } from '../../runtime/sites/store.js';
import { TestBrowser, type TestResponse } from './browser.js';
import { prepareDatabase, startTestServer, type TestServer } from './server.js';
import { productRow } from './product-rows.js';

process.env.STOREFRONT_BCRYPT_COST = '4';

/** A small theme with the commerce pages (cart, checkout, my-orders, tracking). */
export const COMMERCE_THEME = fileURLToPath(new URL('../fixtures/themes/commerce', import.meta.url));

export const PASSWORD = 'commerce-password-123';

/** A valid shipping address. */
export const ADDRESS = Object.freeze({
  name: 'Ada Lovelace',
  line1: '12 St James Square',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country: 'GB',
});

export interface VariantRow {
  id: string;
  price_minor: number;
  currency: string;
  available: boolean | number;
}

/** `count` distinct available variants of the site, cheapest first. */
export async function availableVariants(db: Db, siteId: string, count: number): Promise<VariantRow[]> {
  const rows = (await db('variants')
    .where({ site_id: siteId, available: true })
    .orderBy([{ column: 'price_minor' }, { column: 'id' }])
    .limit(count)
    .select('id', 'price_minor', 'currency', 'available')) as VariantRow[];
  expect(rows.length, 'demo fixtures have enough available variants').to.equal(count);
  return rows;
}

/** What a commerce suite's `before` gets from startCommerceServer. */
export interface CommerceServer {
  server: TestServer;
  db: Db;
  /** The default site, which holds the demo data. */
  site: Site;
  /** The `variants` cheapest available variants of the site (none unless asked for). */
  variants: VariantRow[];
}

/**
 * Migrates a database and seeds the demo data into it, serves the commerce theme on it, and finds
 * the default site and, when asked, its cheapest available variants.
 */
export async function startCommerceServer(
  url: string,
  options: { variants?: number } = {},
): Promise<CommerceServer> {
  await prepareDatabase(url);
  const server = await startTestServer(url, { themeDir: COMMERCE_THEME });
  try {
    const db = server.db;
    const site = (await findSiteByHostExact(db, undefined))!;
    const variants = options.variants ? await availableVariants(db, site.id, options.variants) : [];
    return { server, db, site, variants };
  } catch (err) {
    await server.close();
    throw err;
  }
}

/** An unavailable variant of the site (the demo fixtures have some). */
export async function unavailableVariant(db: Db, siteId: string): Promise<VariantRow> {
  const row = (await db('variants')
    .where({ site_id: siteId, available: false })
    .first('id', 'price_minor', 'currency', 'available')) as VariantRow | undefined;
  expect(row, 'demo fixtures have an unavailable variant').to.not.equal(undefined);
  return row!;
}

/** Adds a product with one variant to a site directly; returns the variant id. */
export async function insertVariant(
  db: Db,
  siteId: string,
  options: { price?: number; currency?: string; available?: boolean } = {},
): Promise<string> {
  const variantId = newId();
  const now = dbNow();
  const tag = variantId.slice(0, 8);
  const product = productRow(siteId, `test-${tag}`, { name: `Test ${tag}`, now });
  const productId = product.id;
  await db('products').insert(product);
  // Listed like any product the importer writes.
  await renumberListing(db, siteId);
  await db('variants').insert({
    id: variantId,
    site_id: siteId,
    product_id: productId,
    sku: `TEST-${tag}`,
    name: 'Only',
    price_minor: options.price ?? 1000,
    currency: options.currency ?? 'EUR',
    available: options.available ?? true,
    created_at: now,
    updated_at: now,
  });
  return variantId;
}

let counter = 0;

/** Creates an active account with a unique email on site; returns the email. */
export async function makeAccount(db: Db, site: Site, name = 'buyer'): Promise<string> {
  counter += 1;
  const email = `${name}-${counter}-${Date.now().toString(36)}@example.test`;
  expect(
    await createAccount(db, {
      siteId: site.id,
      email,
      passwordHash: await hashPassword(PASSWORD),
      displayName: `${name} ${counter}`,
    }),
  ).to.equal(true);
  return email;
}

/** A browser signed in with email and password (JSON login). */
export async function signIn(baseUrl: string, email: string, password = PASSWORD): Promise<TestBrowser> {
  const browser = new TestBrowser(baseUrl);
  const res = await browser.postJson('/_post/auth/login', { email, password });
  expect(res.status, res.text).to.equal(200);
  return browser;
}

/** A browser whose cart holds these lines (added with JSON); returns it with a CSRF token. */
export async function browserWithCart(
  baseUrl: string,
  lines: Array<[string, number]>,
  browser = new TestBrowser(baseUrl),
): Promise<{ browser: TestBrowser; token: string }> {
  const token = await browser.csrfToken('/');
  for (const [variantId, quantity] of lines) {
    const res = await browser.postJson('/_post/cart/add', { variant_id: variantId, quantity }, token);
    expect(res.status, res.text).to.equal(200);
  }
  return { browser, token };
}

/** A random idempotency key like the reference client's (32 hex characters). */
export function idempotencyKey(): string {
  return newId().replace(/-/g, '');
}

export interface HostResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A GET with another Host header (fetch cannot set one) and the browser's cookies. */
export function getAsHost(
  baseUrl: string,
  host: string,
  path: string,
  cookies: Map<string, string> = new Map(),
): Promise<HostResponse> {
  const url = new URL(path, baseUrl);
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'GET',
        headers: { host, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Counts answers by status and error code ("201 ×1, 201 replayed ×49"), for the test log. */
export function summarizeAnswers(results: TestResponse[]): string {
  const counts = new Map<string, number>();
  for (const r of results) {
    const key =
      `${r.status} ${r.json?.error?.code ?? (r.headers.get('idempotent-replayed') ? 'replayed' : '')}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k} ×${n}`).join(', ');
}
