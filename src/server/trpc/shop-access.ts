import type { ShopRole } from '../../shared/staff';

/**
 * Who in a shop may call each of its procedures (issue 51): the least role it needs. The shop tier
 * (procedures.ts `shopProcedure`) reads this table by the procedure's path and refuses a procedure it
 * does not name, so a new shop procedure is nobody's until it is declared here; the permission-matrix
 * test (security/permission-matrix.test.ts) calls every one as the owner and as both staff roles.
 * "Orders": the orders and what handles them. "Orders and products": also products, stock and imports.
 * The owner alone: settings, delivery, coupons, cash, the block list's removals, CSV exports, staff,
 * and deleting a product.
 */
export const SHOP_PROCEDURES = {
  'shops.mine': 'owner',
  'shops.update': 'owner',
  'shops.setDelivery': 'owner',
  'shops.setEmailNewOrders': 'owner',
  'shops.dashboard': 'owner',
  // The shop's policies (issue 47) and its public replies to reviews (issue 49) speak for the owner.
  'shops.setPolicies': 'owner',
  'reviews.reply': 'owner',
  // The shop's plan and its payments (issue 48): the owner's, like the cash.
  'billing.mine': 'owner',
  // Its commission statement (issue 48): the owner's, like the billing.
  'commission.mine': 'owner',
  'commission.mineCsv': 'owner',
  'products.list': 'orders_products',
  'products.byId': 'orders_products',
  'products.create': 'orders_products',
  'products.update': 'orders_products',
  'products.setActive': 'orders_products',
  'products.delete': 'owner',
  'products.latestImport': 'orders_products',
  'products.dismissImport': 'orders_products',
  'products.discardUnsavedImages': 'orders_products',
  'categories.mine': 'orders_products',
  'categories.create': 'orders_products',
  'shopOrders.list': 'orders',
  'shopOrders.changeStatus': 'orders',
  'shopOrders.onActivity': 'orders',
  'shopOrders.updateShipment': 'orders',
  'shopOrders.blockPhone': 'orders',
  'shopOrders.blockedPhones': 'owner',
  'shopOrders.unblockPhone': 'owner',
  'shopOrders.markCashReceived': 'owner',
  'shopOrders.undoCashReceived': 'owner',
  'shopOrders.cashSummary': 'owner',
  'coupons.list': 'owner',
  'coupons.stats': 'owner',
  'coupons.create': 'owner',
  'coupons.update': 'owner',
  'coupons.delete': 'owner',
  'staff.list': 'owner',
  'staff.invite': 'owner',
  'staff.changeRole': 'owner',
  'staff.remove': 'owner',
  'staff.revokeInvitation': 'owner',
} as const satisfies Record<string, ShopRole>;

/** The shop's plain HTTP routes beside tRPC, by path, with the least role each needs (the same rule). */
export const SHOP_ROUTES = {
  '/api/shop/orders.csv': 'owner',
  '/api/shop/order-items.csv': 'owner',
  '/api/shop/products/export.csv': 'owner',
  '/api/shop/products/export.zip': 'owner',
  '/api/shop/products/import-template.csv': 'orders_products',
  '/api/shop/products/import/preview': 'orders_products',
  '/api/shop/products/import': 'orders_products',
  // A product's images: what creates and edits products (admins upload too: uploads.service).
  '/api/uploads': 'orders_products',
} as const satisfies Record<string, ShopRole>;

/** The least role a shop procedure needs, or undefined for a procedure the table does not name. */
export function shopProcedureRole(path: string): ShopRole | undefined {
  return Object.hasOwn(SHOP_PROCEDURES, path) ? SHOP_PROCEDURES[path as keyof typeof SHOP_PROCEDURES] : undefined;
}
