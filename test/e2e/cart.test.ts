// The guest cart of the starter theme with JavaScript: add to cart from a product page (variant_id and
// quantity only, no earlier cart/get), quantity changes on the cart page, and quantity 0 as cart/remove.
import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import { addToCart, useE2E } from './helpers.js';

/** Every /_post request the page sends, in order. */
function recordPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/_post/')) posts.push(r);
  });
  return posts;
}

const pathOf = (r: Request) => new URL(r.url()).pathname;

describe('e2e: cart with JavaScript', function () {
  this.timeout(60000);
  const env = useE2E();

  it('adds a chosen variant from the product page: variant_id and quantity only, the badge follows', async () => {
    const page = await env.newPage();
    const posts = recordPosts(page);
    await page.goto(`${env.url}/products/fernhill-house-blend`);
    const second = page.locator('form[data-add-to-cart] input[name="variant_id"]').nth(1);
    const variantId = await second.getAttribute('data-variant-id');
    expect(variantId).to.match(/^[0-9a-f-]{36}$/);
    expect(await page.locator('[data-cart-count]').innerText()).to.equal('0');

    const sent = await addToCart(page, env.url, { variant: 1, quantity: 2 });
    expect(sent).to.deep.equal({ variant_id: variantId, quantity: 2 });
    expect(posts.map(pathOf)).to.deep.equal(['/_post/cart/add']);
    const headers = await posts[0].allHeaders();
    expect(headers['content-type']).to.equal('application/json');
    expect(headers['x-csrf-token']).to.equal(
      await page.locator('meta[name="csrf-token"]').getAttribute('content'),
    );
    expect(await page.locator('[data-cart-count]').innerText()).to.equal('2');

    await Promise.all([page.waitForURL(`${env.url}/cart`), page.click('[data-status] a[href="/cart"]')]);
    const line = page.locator(`li.cart-line[data-variant-id="${variantId}"]`);
    expect(await line.locator('a').first().innerText()).to.equal('Fernhill House Blend');
    expect(await line.locator('input[name="quantity"]').inputValue()).to.equal('2');
    expect(await page.locator('li.cart-line').count()).to.equal(1);
  });

  it('adding the same variant again adds to its line', async () => {
    const page = await env.newPage();
    await addToCart(page, env.url, { quantity: 1 });
    await addToCart(page, env.url, { quantity: 3 });
    expect(await page.locator('[data-cart-count]').innerText()).to.equal('4');
    await page.goto(`${env.url}/cart`);
    expect(await page.locator('li.cart-line').count()).to.equal(1);
    expect(await page.locator('li.cart-line input[name="quantity"]').inputValue()).to.equal('4');
  });

  it('changes a quantity on the cart page (cart/update), and quantity 0 removes the line (cart/remove)', async () => {
    const page = await env.newPage();
    const { variant_id } = await addToCart(page, env.url, { quantity: 1 });
    await addToCart(page, env.url, { slug: 'kenya-nyeri-aa', quantity: 1 });
    await page.goto(`${env.url}/cart`);
    expect(await page.locator('li.cart-line').count()).to.equal(2);
    const subtotalBefore = await page.locator('[data-cart-subtotal]').innerText();
    const posts = recordPosts(page);
    const line = page.locator(`li.cart-line[data-variant-id="${variant_id}"]`);

    await line.locator('input[name="quantity"]').fill('3');
    let reloaded = page.waitForEvent('load');
    await line.locator('form[data-cart-update] button[type="submit"]').click();
    await reloaded;
    expect(posts.map(pathOf)).to.deep.equal(['/_post/cart/update']);
    expect(posts[0].postDataJSON()).to.deep.equal({ variant_id, quantity: 3 });
    expect(await line.locator('input[name="quantity"]').inputValue()).to.equal('3');
    expect(await page.locator('[data-cart-count]').innerText()).to.equal('4');
    expect(await page.locator('[data-cart-subtotal]').innerText()).not.to.equal(subtotalBefore);

    await line.locator('input[name="quantity"]').fill('0');
    reloaded = page.waitForEvent('load');
    await line.locator('form[data-cart-update] button[type="submit"]').click();
    await reloaded;
    expect(posts.map(pathOf)).to.deep.equal(['/_post/cart/update', '/_post/cart/remove']);
    expect(posts[1].postDataJSON()).to.deep.equal({ variant_id });
    expect(await line.count()).to.equal(0);
    expect(await page.locator('li.cart-line').count()).to.equal(1);
    expect(await page.locator('[data-cart-count]').innerText()).to.equal('1');

    // the last line goes with its Remove button; the cart is then empty
    reloaded = page.waitForEvent('load');
    await page.locator('li.cart-line form[data-cart-remove] button').click();
    await reloaded;
    await page.locator('[data-cart]').filter({ hasText: 'Your cart is empty.' }).waitFor();
    expect(await page.locator('[data-cart-count]').innerText()).to.equal('0');
  });

  it('refuses a quantity outside 0–999 on the page without sending anything', async () => {
    const page = await env.newPage();
    await addToCart(page, env.url, { quantity: 1 });
    await page.goto(`${env.url}/cart`);
    const posts = recordPosts(page);
    const input = page.locator('li.cart-line input[name="quantity"]');
    // the browser's own max check would block the submit; drop it to reach the theme's check
    await input.evaluate((el) => el.removeAttribute('max'));
    await input.fill('1000');
    await page.locator('li.cart-line form[data-cart-update] button[type="submit"]').click();
    await page.locator('li.cart-line input[name="quantity"][aria-invalid="true"]').waitFor();
    expect(posts).to.deep.equal([]);
  });
});
