// The `products` template object: what a theme may call, with its arguments, schema and runner.
import { defineDataCall } from '../theme/objects.js';
import type { RenderRequest } from '../theme/theme.js';
import { pageFromQuery } from '../paging.js';
import type { CatalogReader } from './service.js';

/** What the catalog's calls need from a render. */
export interface CatalogScope {
  siteId: string;
  request: RenderRequest;
  catalog: CatalogReader;
  /** The site's locale: prices are formatted for it. */
  locale: string;
}

/** `(products.paginate limit=12)`: a page of the site's available products (page from ?page= unless given). */
export const productsPaginate = defineDataCall<CatalogScope>({
  name: 'products.paginate',
  args: { limit: 'int', page: 'int' },
  required: [],
  schema: 'product-listing',
  private: false,
  description: 'A page of the shop’s products, 12 per page unless limit says otherwise (at most 100).',
  run: (scope, args) =>
    scope.catalog.paginate(
      scope.siteId,
      {
        limit: args.limit as number | undefined,
        page: (args.page as number | undefined) ?? pageFromQuery(scope.request.query),
      },
      scope.request,
      scope.locale,
    ),
});

/** `(products.find slug=request.params.slug)`: one product with its variants, or null. */
export const productsFind = defineDataCall<CatalogScope>({
  name: 'products.find',
  args: { slug: 'string' },
  required: ['slug'],
  schema: 'product',
  private: false,
  description: 'One product by its slug, with its variants; null when there is none.',
  run: (scope, args) => scope.catalog.find(scope.siteId, String(args.slug ?? ''), scope.locale),
});
