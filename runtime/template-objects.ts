// Every template object and data call of the theme language, in one list. Each entry is declared
// by the domain that owns the data (runtime/<domain>/template-objects.ts) with its JSON Schema; the
// engine, check-theme, the dev server, the docs and the tests read this list and no other.
import { TemplateObjects, type TemplateObjectDeclaration } from './theme/objects.js';
import type { CatalogScope } from './catalog/template-objects.js';
import type { OrdersScope } from './orders/template-objects.js';
import type { CartScope } from './cart/template-objects.js';
import { productsFind, productsPaginate } from './catalog/template-objects.js';
import { ordersFind, ordersPaginate, ordersTrack } from './orders/template-objects.js';
import { cart } from './cart/template-objects.js';
import { auth } from './accounts/template-objects.js';
import { csrfToken, form, placedOrder, request, site } from './http/page-context.js';

/** Everything a page render hands the run functions: the union of the domains' scopes. */
export type PageScope = CatalogScope & OrdersScope & CartScope;

/** The registry, in the order the docs list it. */
export const TEMPLATE_OBJECT_DECLARATIONS: ReadonlyArray<TemplateObjectDeclaration<PageScope>> = [
  productsPaginate,
  productsFind,
  ordersPaginate,
  ordersFind,
  ordersTrack,
  cart,
  auth,
  csrfToken,
  request,
  site,
  form,
  placedOrder,
];

/** The registry as the engine reads it. */
export const TEMPLATE_OBJECTS = new TemplateObjects(TEMPLATE_OBJECT_DECLARATIONS);
