// Shared setup of the browser end-to-end tests: one real listening server on a fresh, seeded SQLite
// file and one headless Chromium (playwright-core, the system's Chromium; never a downloaded one) per
// test file, a fresh browser context per test, and a screenshot of every failed test under
// test-results/e2e/. Skipped when no Chromium is installed, except under CI=true where that fails.
// STOREFRONT_E2E_THEME=<dir> runs the suite against another theme than the starter theme.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../helpers/chromium.js';
import { prepareDatabase, startTestServer, tempSqliteUrl, type TestServer } from '../helpers/server.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOT_DIR = join(ROOT, 'test-results', 'e2e');

export const DEMO = { email: 'demo@example.com', password: 'demo-password-123', name: 'Demo Customer' };
export const NEW_ACCOUNT = { email: 'new@example.com', password: 'new-password-1234', name: 'New Customer' };

/** A product of the demo fixtures with more than one variant. */
export const PRODUCT_SLUG = 'fernhill-house-blend';

/** A complete shipping address as the checkout form's inputs name it. */
export const ADDRESS = {
  name: 'Ada Example',
  line1: '1 Test Street',
  city: 'London',
  postal_code: 'N1 9GU',
  country: 'gb',
};

/** A file name made of a test's title: letters, digits, dots, dashes and underscores only. */
export function screenshotName(title: string): string {
  const safe = title
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 180);
  return `${safe || 'test'}.png`;
}

/** How a test's browser context looks: JavaScript on or off, the window width, light or dark. */
export interface PageOptions {
  javaScript?: boolean;
  /** Window size in CSS pixels (default 1280 × 720). */
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

/** The phone and desktop window sizes the layout tests use. */
export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface E2E {
  /** Base URL of the running server, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly server: TestServer;
  /** A page in a fresh browser context (own cookies and storage); closed after the test. */
  newPage(options?: PageOptions): Promise<Page>;
}

/**
 * Registers the mocha hooks of an e2e suite (call it inside describe) and returns the suite's
 * environment; its fields are usable from the tests and hooks that run after `before`.
 */
export function useE2E(): E2E {
  const executablePath = chromiumPath();
  const savedCost = process.env.STOREFRONT_BCRYPT_COST;
  let database: ReturnType<typeof tempSqliteUrl> | undefined;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let pages: Page[] = [];
  let pageErrors: string[] = [];

  before(async function () {
    this.timeout(120000);
    if (!executablePath) {
      if (process.env.CI === 'true') throw new Error('CI=true but no Chromium found (set CHROMIUM_PATH)');
      this.skip();
    }
    // Read at hash time (seeding and registering): cheap hashes keep the suite quick.
    process.env.STOREFRONT_BCRYPT_COST = '4';
    database = tempSqliteUrl();
    await prepareDatabase(database.url);
    server = await startTestServer(database.url, { themeDir: process.env.STOREFRONT_E2E_THEME || undefined });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: executablePath!, headless: true, args: CHROMIUM_ARGS });
  });

  after(async function () {
    this.timeout(30000);
    await browser?.close();
    await server?.close();
    database?.cleanup();
    if (savedCost === undefined) delete process.env.STOREFRONT_BCRYPT_COST;
    else process.env.STOREFRONT_BCRYPT_COST = savedCost;
  });

  beforeEach(() => {
    pageErrors = [];
  });

  afterEach(async function () {
    const test = this.currentTest;
    if (test?.state === 'failed') {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      for (const [i, page] of pages.entries()) {
        if (page.isClosed()) continue;
        const name = screenshotName(i === 0 ? test.fullTitle() : `${test.fullTitle()}-${i + 1}`);
        const file = join(SCREENSHOT_DIR, name);
        try {
          await page.screenshot({ path: file, fullPage: true, timeout: 10000 });
          process.stdout.write(`      screenshot of the failed test (at ${page.url()}): ${file}\n`);
        } catch (err) {
          process.stdout.write(`      could not take a screenshot: ${(err as Error).message}\n`);
        }
      }
      if (pageErrors.length)
        process.stdout.write(`      errors in the page:\n        ${pageErrors.join('\n        ')}\n`);
    }
    for (const context of contexts) await context.close().catch(() => undefined);
    contexts = [];
    pages = [];
  });

  return {
    get url() {
      return server!.url;
    },
    get server() {
      return server!;
    },
    async newPage(options = {}) {
      const context = await browser!.newContext({
        javaScriptEnabled: options.javaScript ?? true,
        ...(options.viewport ? { viewport: options.viewport } : {}),
        ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15000);
      page.setDefaultNavigationTimeout(15000);
      page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') pageErrors.push(`${page.url()}: console.error ${msg.text()}`);
      });
      pages.push(page);
      return page;
    },
  };
}

/** Signs in through the login form (works with and without JavaScript); resolves on the target page. */
export async function signIn(
  page: Page,
  base: string,
  account: { email: string; password: string },
  next = '/profile',
): Promise<void> {
  await page.goto(`${base}/login?next=${encodeURIComponent(next)}`);
  await page.fill('#email', account.email);
  await page.fill('#password', account.password);
  await Promise.all([page.waitForURL(`${base}${next}`), page.click('main button[type="submit"]')]);
}

/** Adds a product to the cart from its page (with JavaScript); resolves once the theme says so. */
export async function addToCart(
  page: Page,
  base: string,
  options: { slug?: string; variant?: number; quantity?: number } = {},
): Promise<{ variant_id: string; quantity: number }> {
  await page.goto(`${base}/products/${options.slug ?? PRODUCT_SLUG}`);
  const radio = page.locator('form[data-add-to-cart] input[name="variant_id"]').nth(options.variant ?? 0);
  await radio.check();
  await page.fill('form[data-add-to-cart] input[name="quantity"]', String(options.quantity ?? 1));
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/_post/cart/add')),
    page.click('form[data-add-to-cart] button[type="submit"]'),
  ]);
  await page
    .locator('form[data-add-to-cart] [data-status]')
    .filter({ hasText: 'Added to your cart.' })
    .waitFor();
  return request.postDataJSON() as { variant_id: string; quantity: number };
}

/** Fills the checkout form's shipping address (and note). */
export async function fillAddress(
  page: Page,
  address: Record<string, string> = ADDRESS,
  note = '',
): Promise<void> {
  for (const [name, value] of Object.entries(address)) {
    const field = page.locator(`form[data-checkout] [name="${name}"]`);
    // the country is a select of ISO codes (upper case); the other fields are text inputs
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT')
      await field.selectOption(value.toUpperCase());
    else await field.fill(value);
  }
  await page.fill('form[data-checkout] [name="note"]', note);
}

/** The quote a click on "Review order" fetched, once the review is shown. */
export async function reviewOrder(page: Page): Promise<Quote> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/_post/checkout/quote')),
    page.click('form[data-checkout] button[type="submit"]'),
  ]);
  if (response.status() !== 200)
    throw new Error(`quote answered ${response.status()}: ${await response.text()}`);
  await page.locator('[data-review]').waitFor({ state: 'visible' });
  return (await response.json()) as Quote;
}

export interface Quote {
  Fingerprint: string;
  GrandTotalAmount: number;
  Currency: string;
  Items: Array<{ variant_id: string; quantity: number; ProductName: string; VariantName: string }>;
}

/** What the page keeps in sessionStorage while an order's outcome is unknown. */
export const PENDING_KEY = 'storefront:pending-order';

export function pendingOrder(page: Page): Promise<string | null> {
  return page.evaluate((key) => sessionStorage.getItem(key), PENDING_KEY);
}
