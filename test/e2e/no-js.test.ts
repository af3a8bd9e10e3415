// The account flows of the starter theme in a real browser with JavaScript turned off: every form is
// a plain HTML form post answered by a 303 (or a re-rendered page), as the contract requires.
import { expect } from 'chai';
import { DEMO, NEW_ACCOUNT, signIn, useE2E } from './helpers.js';

describe('e2e: account forms without JavaScript', function () {
  this.timeout(60000);
  const env = useE2E();

  it('registers through the form, is shown the sign-in page, and can sign in with the new account', async () => {
    const page = await env.newPage({ javaScript: false });
    await page.goto(`${env.url}/register`);
    await page.fill('#display_name', 'Grace Nojs');
    await page.fill('#email', 'grace.nojs@example.com');
    await page.fill('#password', 'grace-password-1234');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/_post/auth/register')),
      page.click('main button[type="submit"]'),
    ]);
    expect(response.status()).to.equal(303);
    await page.waitForURL(`${env.url}/login?registered=1`);
    await page.getByRole('status').filter({ hasText: 'sign in below' }).waitFor();
    // no automatic login after registering
    await page.locator('.account-nav a[href^="/login"]').waitFor();

    await page.fill('#email', 'grace.nojs@example.com');
    await page.fill('#password', 'grace-password-1234');
    await Promise.all([page.waitForURL(`${env.url}/profile`), page.click('main button[type="submit"]')]);
    expect(await page.locator('main').innerText()).to.include('Signed in as grace.nojs@example.com');
    expect(await page.locator('.greeting').innerText()).to.equal('Hi, Grace Nojs');
  });

  it('re-renders the register form with the error and the entered values, never the password', async () => {
    const page = await env.newPage({ javaScript: false });
    await page.goto(`${env.url}/register`);
    await page.fill('#display_name', 'Short Pass');
    await page.fill('#email', 'short.pass@example.com');
    // minlength is the browser's own check; drop it to reach the server's rule (12 bytes at least)
    await page.locator('#password').evaluate((el) => el.removeAttribute('minlength'));
    await page.fill('#password', 'too-short');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/_post/auth/register')),
      page.click('main button[type="submit"]'),
    ]);
    expect(response.status()).to.equal(422);
    expect(await page.getByRole('alert').innerText()).to.match(/password/i);
    expect(await page.inputValue('#display_name')).to.equal('Short Pass');
    expect(await page.inputValue('#email')).to.equal('short.pass@example.com');
    expect(await page.inputValue('#password')).to.equal('');
    expect(await page.getAttribute('#password', 'aria-invalid')).to.equal('true');
    expect(await page.content()).not.to.include('too-short');
  });

  it('signs in from a private page and lands on the `next` page', async () => {
    const page = await env.newPage({ javaScript: false });
    await page.goto(`${env.url}/my-orders`);
    const signInLink = page.locator('main a[href^="/login?next="]');
    expect(await signInLink.getAttribute('href')).to.equal('/login?next=%2Fmy-orders');
    await Promise.all([page.waitForURL(`${env.url}/login?next=%2Fmy-orders`), signInLink.click()]);
    expect(await page.inputValue('input[name="next"]')).to.equal('/my-orders');

    await page.fill('#email', DEMO.email);
    await page.fill('#password', DEMO.password);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/_post/auth/login')),
      page.click('main button[type="submit"]'),
    ]);
    expect(response.status()).to.equal(303);
    await page.waitForURL(`${env.url}/my-orders`);
    expect(await page.locator('table.orders tbody tr').count()).to.equal(3);
    expect(await page.locator('.greeting').innerText()).to.equal(`Hi, ${DEMO.name}`);
  });

  it('ignores a `next` outside the allowed pages and lands on /profile', async () => {
    const page = await env.newPage({ javaScript: false });
    await page.goto(`${env.url}/login?next=${encodeURIComponent('//evil.example/profile')}`);
    await page.fill('#email', DEMO.email);
    await page.fill('#password', DEMO.password);
    await Promise.all([page.waitForURL(`${env.url}/profile`), page.click('main button[type="submit"]')]);
    expect(await page.locator('main').innerText()).to.include(`Signed in as ${DEMO.email}`);
  });

  it('re-renders the login form with a generic error and the email kept, never the password', async () => {
    const page = await env.newPage({ javaScript: false });
    await page.goto(`${env.url}/login?next=%2Fcart`);
    await page.fill('#email', NEW_ACCOUNT.email);
    await page.fill('#password', 'not-the-right-password');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/_post/auth/login')),
      page.click('main button[type="submit"]'),
    ]);
    expect(response.status()).to.equal(422);
    await page.getByRole('alert').waitFor();
    expect(await page.inputValue('#email')).to.equal(NEW_ACCOUNT.email);
    expect(await page.inputValue('#password')).to.equal('');
    expect(await page.inputValue('input[name="next"]')).to.equal('/cart');
    expect(await page.content()).not.to.include('not-the-right-password');
    await page.locator('.account-nav a[href^="/login"]').waitFor();
  });

  it('saves the profile: 303 to /profile?saved=1 with the saved notice and the new values', async () => {
    const page = await env.newPage({ javaScript: false });
    await signIn(page, env.url, NEW_ACCOUNT, '/profile');
    expect(await page.inputValue('#display_name')).to.equal(NEW_ACCOUNT.name);
    await page.fill('#display_name', 'Renamed Without Script');
    await page.fill('#phone', '+44 (20) 7946-0001');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/_post/profile/update')),
      page.click('main button[type="submit"]'),
    ]);
    expect(response.status()).to.equal(303);
    await page.waitForURL(`${env.url}/profile?saved=1`);
    await page.getByRole('status').filter({ hasText: 'Your profile was saved.' }).waitFor();
    expect(await page.inputValue('#display_name')).to.equal('Renamed Without Script');
    expect(await page.inputValue('#phone')).to.equal('+44 (20) 7946-0001');
    expect(await page.locator('.greeting').innerText()).to.equal('Hi, Renamed Without Script');

    // the saved values survive a fresh load
    await page.goto(`${env.url}/profile`);
    expect(await page.inputValue('#display_name')).to.equal('Renamed Without Script');
    expect(await page.getByRole('status').count()).to.equal(0);
  });

  it('signs out with the logout button (a form POST) and is a guest again', async () => {
    const page = await env.newPage({ javaScript: false });
    await signIn(page, env.url, DEMO, '/my-orders');
    const logout = page.locator('form[data-logout]');
    expect((await logout.getAttribute('method'))?.toLowerCase()).to.equal('post');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/_post/auth/logout')),
      logout.locator('button[type="submit"]').click(),
    ]);
    expect(response.status()).to.equal(303);
    await page.waitForURL(`${env.url}/login`);
    await page.locator('.account-nav a[href^="/login"]').waitFor();
    expect(await page.locator('.greeting').count()).to.equal(0);

    await page.goto(`${env.url}/my-orders`);
    expect(await page.locator('table.orders').count()).to.equal(0);
    await page.locator('main a[href="/login?next=%2Fmy-orders"]').waitFor();
    await page.goto(`${env.url}/profile`);
    expect(await page.locator('main').innerText()).not.to.include(DEMO.email);
  });
});
