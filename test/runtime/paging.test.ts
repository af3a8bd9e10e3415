import { expect } from 'chai';
import { clampLimit, clampPage, pageUrl, paging } from '../../runtime/paging.js';

describe('runtime/paging', () => {
  it('clamps page sizes and numbers instead of failing', () => {
    expect(clampLimit(undefined, 12)).to.equal(12);
    expect(clampLimit(0, 12)).to.equal(1);
    expect(clampLimit(5000, 12)).to.equal(100);
    expect(clampLimit(2.5, 12)).to.equal(12);
    expect(clampPage(-3)).to.equal(1);
    expect(clampPage(1e12)).to.equal(100000);
    expect(clampPage('2')).to.equal(1);
  });

  it('builds page links that keep the other query parameters and drop page=1', () => {
    expect(pageUrl('/products', { sort: 'new', page: '3' }, 2)).to.equal('/products?sort=new&page=2');
    expect(pageUrl('/products', { page: '2' }, 1)).to.equal('/products');
  });

  it('links next and previous only where those pages exist', () => {
    const request = { path: '/products', query: {} };
    expect(paging(1, 12, 28, request)).to.deep.equal({
      page: 1,
      per_page: 12,
      total: 28,
      total_pages: 3,
      next_url: '/products?page=2',
      prev_url: null,
    });
    expect(paging(3, 12, 28, request)).to.include({ next_url: null, prev_url: '/products?page=2' });
    // Far past the end, "previous" goes back to the last page rather than to page 49.
    expect(paging(50, 12, 28, request)).to.include({ next_url: null, prev_url: '/products?page=3' });
  });
});
