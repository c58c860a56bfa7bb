import type { Role } from '../../shared/constants';

/** The signed-in user as procedures see it: no password hash, booleans as booleans. */
export interface SessionUser {
  id: number;
  email: string;
  fullName: string;
  phone: string;
  avatarUrl: string | null;
  isPro: boolean;
  /** When Pro ends; null: no end date (shared/plan.ts). */
  proUntil: string | null;
  trialStartAt: string | null;
  roleSelected: boolean;
  shippingAddress: { address: string; city: string; postalCode: string };
  /** /settings "Order updates by email": the buyer is emailed when an order changes status. */
  orderEmails: boolean;
  /** /settings "Cart reminders": a forgotten cart's one email (issue 50). */
  cartReminders: boolean;
  roles: Role[];
}

export function toSessionUser(
  row: {
    id: number;
    email: string;
    full_name: string;
    phone: string;
    avatar_url: string | null;
    is_pro: number;
    pro_until: string | null;
    trial_start_at: string | null;
    role_selected: number;
    ship_address: string;
    ship_city: string;
    ship_postal_code: string;
    order_emails: number;
    cart_reminders: number;
  },
  roles: Role[],
): SessionUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    phone: row.phone,
    avatarUrl: row.avatar_url,
    isPro: row.is_pro === 1,
    proUntil: row.pro_until,
    trialStartAt: row.trial_start_at,
    roleSelected: row.role_selected === 1,
    shippingAddress: { address: row.ship_address, city: row.ship_city, postalCode: row.ship_postal_code },
    orderEmails: row.order_emails === 1,
    cartReminders: row.cart_reminders === 1,
    roles,
  };
}

/** A user as /admin/users lists them. */
export function toAdminUserView(
  row: { id: number; email: string; full_name: string; phone: string; is_pro: number; pro_until: string | null; trial_start_at: string | null; suspended_at: string | null; suspension_reason: string | null },
  roles: Role[],
) {
  return {
    /** Suspended by an admin (issue 49): when, and the reason given. */
    suspended: row.suspended_at ? { at: row.suspended_at, reason: row.suspension_reason } : null,
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    phone: row.phone,
    isPro: row.is_pro === 1,
    proUntil: row.pro_until,
    trialStartAt: row.trial_start_at,
    roles,
  };
}
