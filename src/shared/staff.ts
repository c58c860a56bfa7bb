/**
 * A shop's staff (issue 51): who may do what in a shop, one rule for the server's tiers and the
 * client's navigation alike. The owner may do everything; "Orders" handles orders; "Orders and
 * products" also creates and edits products, their stock and imports. Neither deletes a product, nor
 * sees the settings, delivery fees, policies, coupons, cash, CSV exports, billing or staff.
 */
export const STAFF_ROLES = ['orders', 'orders_products'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** What a caller is in their shop. */
export type ShopRole = 'owner' | StaffRole;

/** At most this many staff per shop, invitations still open counted. */
export const MAX_STAFF = 10;
/** An invitation link is valid this many days. */
export const INVITATION_DAYS = 7;

const RANK: Record<ShopRole, number> = { orders: 1, orders_products: 2, owner: 3 };

/** Whether `role` may call what needs at least `minimum`. */
export function mayAct(role: ShopRole, minimum: ShopRole): boolean {
  return RANK[role] >= RANK[minimum];
}

export const OWNER_ONLY_MESSAGE = "Only the shop's owner can do that";
export const PRODUCTS_ROLE_MESSAGE = 'Your role in this shop does not include products';

/** The refusal of a staff member calling what needs `minimum`. */
export function refusalFor(minimum: ShopRole): string {
  return minimum === 'owner' ? OWNER_ONLY_MESSAGE : PRODUCTS_ROLE_MESSAGE;
}

export function isStaffRole(role: ShopRole | null | undefined): role is StaffRole {
  return role === 'orders' || role === 'orders_products';
}
