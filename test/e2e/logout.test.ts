// Logout with JavaScript: the Sign out button POSTs /_post/auth/logout, the client clears every
// [data-private] element and the pending order, then navigates to /login; the visitor is a guest.
import { expect } from 'chai';
import { DEMO, PENDING_KEY, pendingOrder, signIn, useE2E } from './helpers.js';

describe('e2e: logout with JavaScript', function () {
  this.timeout(60000);
  const env = useE2E();

  it('clears the private content before it leaves for /login, and the visitor is a guest', async () => {
    const page = await env.newPage();
    await signIn(page, env.url, DEMO, '/my-orders');
    expect(await page.locator('table.orders tbody tr').count()).to.equal(3);
    const privateText = await page.locator('[data-private]').allInnerTexts();
    expect(privateText.join(' ')).to.include(DEMO.name);
    const orderNumber = (await page.locator('table.orders tbody tr a').first().innerText()).trim();
    await page.evaluate((key) => sessionStorage.setItem(key, '{"idempotency_key":"x"}'), PENDING_KEY);

    // What the page looks like when it is left: recorded on pagehide into sessionStorage, which
    // the next page of this tab can read.
    await page.evaluate(() =>
      addEventListener('pagehide', () => {
        const left = {
          private: Array.from(document.querySelectorAll('[data-private]'), (el) => el.innerHTML),
          text: document.body.textContent ?? '',
        };
        sessionStorage.setItem('e2e:left-behind', JSON.stringify(left));
      }),
    );

    const [logout] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/_post/auth/logout')),
      page.waitForURL(`${env.url}/login`),
      page.click('form[data-logout] button[type="submit"]'),
    ]);
    expect(logout.method()).to.equal('POST');
    expect(logout.postDataJSON()).to.deep.equal({});
    expect(await logout.headerValue('x-csrf-token'))
      .to.be.a('string')
      .and.not.equal('');
    expect((await logout.response())?.status()).to.equal(200);

    const left = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem('e2e:left-behind'))) ?? 'null',
    ) as {
      private: string[];
      text: string;
    } | null;
    expect(left, 'the signed-in page was not left through a navigation').not.to.equal(null);
    expect(left!.private.length).to.be.greaterThan(0);
    expect(left!.private.every((html) => html === '')).to.equal(true);
    expect(left!.text).not.to.include(DEMO.name);
    expect(left!.text).not.to.include(orderNumber);
    expect(await pendingOrder(page)).to.equal(null);

    await page.locator('.account-nav a[href^="/login"]').waitFor();
    expect(await page.locator('.greeting').count()).to.equal(0);

    // back to the private page: it is loaded again (no-store) and shows the guest version
    await page.goBack();
    await page.waitForURL(`${env.url}/my-orders`);
    await page.locator('main a[href="/login?next=%2Fmy-orders"]').waitFor();
    expect(await page.locator('table.orders').count()).to.equal(0);
    expect(await page.locator('body').innerText()).not.to.include(orderNumber);
  });
});
