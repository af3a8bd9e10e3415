// Every page of the starter theme, grouped by the visitor state it needs (guest, a cart with lines,
// a cart with a line that is no longer available, the demo customer), for the page-wide browser
// checks: axe, the label layout and the screenshots.
import type { Page } from 'playwright-core';
import { addToCart, DEMO, signIn, type E2E } from './helpers.js';

/** A visitor state and the pages to look at in it. */
export interface PageGroup {
  state: 'guest' | 'cart' | 'unavailable' | 'customer';
  pages: Array<{ name: string; path: string }>;
}

/** The product the `unavailable` state puts in the cart and then takes off sale. */
export const UNAVAILABLE_SLUG = 'titanium-spork';

/** The demo customer's orders: one with a shipment, one without (from the seeded fixtures). */
export async function demoOrders(env: E2E): Promise<{ shipped: string; open: string; tracking: string }> {
  const rows = (await env.server
    .db('orders as o')
    .join('accounts as a', 'a.id', 'o.account_id')
    .leftJoin('shipments as s', 's.order_id', 'o.id')
    .where('a.email', DEMO.email)
    .select('o.id', 's.tracking_number')) as Array<{ id: string; tracking_number: string | null }>;
  const shipped = rows.find((r) => r.tracking_number);
  const open = rows.find((r) => !r.tracking_number);
  if (!shipped || !open) throw new Error('the demo fixtures lack a shipped or an open order');
  return { shipped: shipped.id, open: open.id, tracking: shipped.tracking_number! };
}

/** Every page of the theme, by the state it is seen in. */
export async function starterPages(env: E2E): Promise<PageGroup[]> {
  const orders = await demoOrders(env);
  return [
    {
      state: 'guest',
      pages: [
        { name: 'home', path: '/' },
        { name: 'products', path: '/products' },
        { name: 'products-page-2', path: '/products?page=2' },
        { name: 'product', path: '/products/fernhill-house-blend' },
        { name: 'product-sold-out', path: '/products/winter-espresso-blend' },
        { name: 'register', path: '/register' },
        { name: 'login', path: '/login' },
        { name: 'profile-guest', path: '/profile' },
        { name: 'cart-empty', path: '/cart' },
        { name: 'checkout-empty', path: '/checkout' },
        { name: 'my-orders-guest', path: '/my-orders' },
        { name: 'tracking', path: '/tracking' },
        { name: 'tracking-found', path: `/tracking?number=${encodeURIComponent(orders.tracking)}` },
        { name: 'tracking-not-found', path: '/tracking?number=NO-SUCH-PARCEL' },
        { name: 'not-found', path: '/no-such-page' },
      ],
    },
    {
      state: 'cart',
      pages: [
        { name: 'cart', path: '/cart' },
        { name: 'checkout', path: '/checkout' },
      ],
    },
    {
      state: 'unavailable',
      pages: [
        { name: 'cart-unavailable', path: '/cart' },
        { name: 'checkout-unavailable', path: '/checkout' },
      ],
    },
    {
      state: 'customer',
      pages: [
        { name: 'home-signed-in', path: '/' },
        { name: 'profile', path: '/profile' },
        { name: 'my-orders', path: '/my-orders' },
        { name: 'order-shipped', path: `/my-orders/${orders.shipped}` },
        { name: 'order-open', path: `/my-orders/${orders.open}` },
        { name: 'order-tracking', path: `/my-orders/${orders.shipped}/tracking` },
      ],
    },
  ];
}

/** Takes a product off sale (its variants unavailable), as an operator would. */
export async function takeOffSale(env: E2E, slug: string): Promise<void> {
  const product = (await env.server.db('products').where({ slug }).first('id')) as { id: string };
  await env.server.db('variants').where({ product_id: product.id }).update({ available: false });
}

/** A page whose browser context is in the given state (signed in, cart filled…). */
export async function pageInState(env: E2E, state: PageGroup['state']): Promise<Page> {
  const page = await env.newPage();
  if (state === 'customer') await signIn(page, env.url, DEMO, '/profile');
  if (state === 'cart' || state === 'unavailable') await addToCart(page, env.url, { quantity: 2 });
  if (state === 'unavailable') {
    await addToCart(page, env.url, { slug: UNAVAILABLE_SLUG, quantity: 1 });
    await takeOffSale(env, UNAVAILABLE_SLUG);
  }
  return page;
}
