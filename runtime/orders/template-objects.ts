// The `orders` template object: the signed-in account's orders, and the public tracking lookup.
import type { Db } from '../db.js';
import { defineDataCall } from '../theme/objects.js';
import type { RenderRequest } from '../theme/theme.js';
import { pageFromQuery } from '../paging.js';
import { findOrder, paginateOrders, trackOrder } from './template.js';

/** What the orders' calls need from a render. */
export interface OrdersScope {
  siteId: string;
  /** The signed-in account, or null for a guest (whose own-order calls return nothing). */
  accountId: string | null;
  request: RenderRequest;
  db: Db;
  /** The site's locale: money is formatted for it. */
  locale: string;
}

/** `(orders.paginate limit=20)`: the signed-in account's orders, newest first. */
export const ordersPaginate = defineDataCall<OrdersScope>({
  name: 'orders.paginate',
  args: { limit: 'int', page: 'int' },
  required: [],
  schema: 'order-listing',
  private: true,
  description: 'The signed-in customer’s orders, newest first; empty with authenticated=false for a guest.',
  run: (scope, args) =>
    paginateOrders(
      scope.db,
      scope.siteId,
      scope.accountId,
      {
        limit: args.limit as number | undefined,
        page: (args.page as number | undefined) ?? pageFromQuery(scope.request.query),
      },
      scope.request,
      scope.locale,
    ),
});

/** `(orders.find id=request.params.id)`: one of the signed-in account's orders, or null. */
export const ordersFind = defineDataCall<OrdersScope>({
  name: 'orders.find',
  args: { id: 'string' },
  required: ['id'],
  schema: 'order',
  private: true,
  description: 'One of the signed-in customer’s orders by id; null for anyone else’s order and for guests.',
  run: (scope, args) =>
    findOrder(scope.db, scope.siteId, scope.accountId, String(args.id ?? ''), scope.locale),
});

/** `(orders.track number=request.query.number)`: the order shipped with this tracking number, or null. */
export const ordersTrack = defineDataCall<OrdersScope>({
  name: 'orders.track',
  args: { number: 'string' },
  required: ['number'],
  schema: 'order',
  private: true,
  description:
    'The order with a shipment of this tracking number on this site (spaces and case ignored), or null.',
  run: (scope, args) => trackOrder(scope.db, scope.siteId, String(args.number ?? ''), scope.locale),
});
