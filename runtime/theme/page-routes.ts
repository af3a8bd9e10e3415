// The contract's page routes and the theme page that renders each; the server routes by this
// table and `check-theme` reports a theme that lacks one of these pages.

/** A page route of the contract and the theme page that renders it. */
export interface PageRoute {
  pattern: RegExp;
  params: string[];
  page: string;
  path: string;
  private: boolean;
}

function route(path: string, page: string, isPrivate = false): PageRoute {
  const params: string[] = [];
  const pattern = new RegExp(
    `^${path.replace(/:([a-z]+)/g, (_, name: string) => {
      params.push(name);
      return '([^/]+)';
    })}/?$`,
  );
  return { pattern, params, page, path, private: isPrivate };
}

/** Every page route of the contract, in match order. */
export const PAGE_ROUTES: PageRoute[] = [
  route('/', 'index'),
  route('/products', 'products/index'),
  route('/products/:slug', 'products/show'),
  route('/register', 'register'),
  route('/login', 'login'),
  route('/profile', 'profile', true),
  route('/cart', 'cart', true),
  route('/checkout', 'checkout', true),
  route('/my-orders', 'my-orders/index', true),
  route('/my-orders/:id', 'my-orders/show', true),
  route('/my-orders/:id/tracking', 'my-orders/tracking', true),
  route('/tracking', 'tracking'),
];

/** Theme pages every theme must have: the routes' pages and the 404 page. */
export const REQUIRED_PAGES = [...PAGE_ROUTES.map((r) => r.page), '404'];
