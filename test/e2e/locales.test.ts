// The starter theme in its second language: with the site's locale set to `fr`, every text comes from
// locales/fr.json (layout, pages, the texts theme.js shows), money is formatted for French, and the
// pages still pass axe at both widths.
import { expect } from 'chai';
import { useE2E, VIEWPORTS } from './helpers.js';
import { axeViolations } from './layout-checks.js';

describe('e2e: the starter theme in French (site locale fr)', function () {
  this.timeout(120000);
  const env = useE2E();

  before(async () => {
    await env.server.db('sites').update({ locale: 'fr' });
  });

  it('renders the layout, the pages and the script texts in French', async () => {
    const page = await env.newPage();
    await page.goto(`${env.url}/`);
    expect(await page.getAttribute('html', 'lang')).to.equal('fr');
    const site = await page.locator('meta[property="og:site_name"]').getAttribute('content');
    expect(await page.title()).to.equal(`Bienvenue · ${site}`);
    expect(await page.locator('.main-nav').innerText()).to.include('Produits');
    expect(await page.locator('footer').innerText()).to.include('Suivre un colis');

    await page.goto(`${env.url}/products?page=2`);
    expect(await page.title()).to.equal(`Tous les produits, page 2 · ${site}`);
    expect(await page.locator('.pagination').innerText()).to.match(/Page 2 sur \d+/);

    await page.goto(`${env.url}/products/fernhill-house-blend`);
    const price = await page.locator('.product-price').innerText();
    expect(price).to.match(/^\d+,\d{2}\s€$/); // 10,90 € in French
    await page.click('form[data-add-to-cart] button[type="submit"]');
    await page.locator('[data-status]').filter({ hasText: 'Ajouté à votre panier.' }).waitFor();
    expect(await page.locator('[data-status] a').innerText()).to.equal('Voir le panier');

    await page.goto(`${env.url}/cart`);
    expect(await page.locator('.cart-subtotal').innerText()).to.include('Sous-total pour 1 article');
    await page.goto(`${env.url}/checkout`);
    expect(await page.locator('label[for="country"]').innerText()).to.equal('Pays');
    expect(await page.locator('#country option[value="DE"]').innerText()).to.equal('Allemagne');
    for (const [name, value] of Object.entries({
      name: 'Ada Example',
      line1: '1 rue du Test',
      city: 'Paris',
      postal_code: '75001',
    }))
      await page.fill(`form[data-checkout] [name="${name}"]`, value);
    await page.selectOption('#country', 'FR');
    await page.click('form[data-checkout] button[type="submit"]');
    await page.locator('[data-review]').waitFor({ state: 'visible' });
    const totals = await page.locator('[data-review-totals]').innerText();
    expect(totals).to.include('Sous-total');
    expect(totals).to.match(/Total\s+\d+,\d{2}\s€/);
  });

  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    it(`French pages pass axe at ${viewport.width} px (${width})`, async () => {
      const page = await env.newPage({ viewport });
      const failures: string[] = [];
      for (const path of [
        '/',
        '/products',
        '/products/fernhill-house-blend',
        '/checkout',
        '/tracking',
        '/login',
      ]) {
        await page.goto(`${env.url}${path}`);
        for (const v of await axeViolations(page))
          failures.push(`${path}: ${v.rule}: ${v.help} — ${v.targets.join(', ')}`);
      }
      expect(failures, failures.join('\n')).to.deep.equal([]);
    });
  }
});
