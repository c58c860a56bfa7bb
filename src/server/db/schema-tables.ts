import type { ColumnType, Generated } from 'kysely';
import type { Language } from '../../shared/i18n/language';
import type { ReportReason, ReportThing } from '../../shared/reports';

/**
 * Table types for Kysely, continued from schema.ts (which re-exports them): the buyers' carts and saved
 * products, the marketplace's own settings and pages, the outbox, the activity log, reports and billing.
 */

type Flag = ColumnType<number, number | undefined, number>;
/** A signed-in buyer's cart (issue 50): the lock its changes take, its version, its coupons (JSON). */
export interface CartsTable {
  user_id: number;
  version: ColumnType<number, number | undefined, number>;
  coupons: ColumnType<string, string | undefined, string>;
  updated_at: string;
  /** The language the cart was last written in: its reminder's. */
  language: ColumnType<string, string | undefined, string>;
  /** The fingerprint of the lines the last reminder was sent for (null: none yet). */
  reminded: ColumnType<string | null, string | null | undefined, string | null>;
  /** The cart's updated_at when the reminder job last looked at it (null: never): it looks again only after a change. */
  looked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A line of a server cart: product, color and size ('' for none), as the browser keys them. */
export interface CartLinesTable {
  user_id: number;
  product_id: number;
  color: string;
  size: string;
  quantity: number;
  position: number;
}

/** A guest cart already merged into the account's cart, by the key its browser gave it (issue 50). */
export interface CartMergesTable {
  user_id: number;
  merge_key: string;
  merged_at: string;
}

/** A signed-in buyer's saved product (issue 50): the unit price seen when saving, for "Price dropped from". */
export interface SavedProductsTable {
  user_id: number;
  product_id: number;
  saved_price: number;
  currency: string;
  created_at: string;
}

/** "Notify me when it's back" (issue 50): pending while it exists; '' for the option it does not name. */
export interface BackInStockRequestsTable {
  id: Generated<number>;
  product_id: number;
  color: ColumnType<string, string | undefined, string>;
  size: ColumnType<string, string | undefined, string>;
  email: string;
  language: Language;
  user_id: number | null;
  created_at: string;
}

/** The marketplace's identity (issue 47): one row, id 1, written by the first save; null columns take their first value. */
export interface MarketplaceSettingsTable {
  id: number;
  name: string;
  short_name: string;
  tagline: string;
  brand_colour: string;
  support_whatsapp: string | null;
  contact_email: string;
  country_code: string | null;
  /** The square logo's /uploads/ URL (its icons are named after it: settings/brand-icons.ts); null: no logo. */
  logo_url: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: string;
}

/** The marketplace's own pages (issue 47): Markdown, English and optionally Urdu, served at /p/{address} once published. */
export interface PagesTable {
  id: Generated<number>;
  address: string;
  title: string;
  text: string;
  title_ur: Generated<string>;
  text_ur: Generated<string>;
  show_in_footer: Flag;
  published: Flag;
  created_at: string;
  updated_at: string;
}

/** The announcement bar (issue 47): one row, id 1; an empty text shows none. Starts and ends are ISO 8601 instants. */
export interface MarketplaceAnnouncementTable {
  id: number;
  text: string;
  text_ur: Generated<string>;
  link: Generated<string>;
  starts_at: string | null;
  ends_at: string | null;
  updated_at: string;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** One email (issue 31), written in the transaction that caused it; the sender delivers it (src/server/mail). */
export interface OutboxTable {
  id: Generated<number>;
  /** What it is (mail/emails.ts `EmailKind`): a password reset's body is erased once it is sent or failed. */
  kind: string;
  to_address: string;
  language: ColumnType<Language, Language | undefined, Language>;
  subject: string;
  text_body: string;
  html_body: string;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** A status email's one-click "Unsubscribe" link (List-Unsubscribe); null on every other email. */
  unsubscribe_url: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An address that gets no order status emails (issue 31): switched off by its signed link or in /settings. */
export interface EmailOptOutsTable {
  /** Lowercase, as orders and accounts keep it. */
  email: string;
  created_at: string;
}

/** A live password-reset token: only its SHA-256 (auth/password-reset.service.ts). */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  /** The admin who issued it, or null when the user asked by email (or the CLI). */
  created_by: number | null;
  created_at: string;
  expires_at: string;
}

/** Who did something, as the activity log names them (the log outlives accounts: the name is kept as it was). */
export type ActivityActorRole = 'admin' | 'owner' | 'staff' | 'buyer' | 'system';

/**
 * One entry of the activity log (issue 49): append-only, a trigger refuses UPDATE and DELETE (migration
 * 2026_12_04_010000); housekeeping's pruning past the retention is the one delete (activity.repository.ts).
 */
export interface ActivityLogTable {
  id: Generated<number>;
  created_at: string;
  actor_user_id: number | null;
  actor_name: string;
  actor_role: ActivityActorRole;
  shop_id: number | null;
  /** What was done, `<thing>.<verb>`: `shop.deactivated`, `order.status_changed`, `settings.changed`. */
  action: string;
  subject_type: string;
  subject_id: string;
  /** The thing's name or number as it was ("ORD-20261128-0001-123456", a shop's name). */
  subject_label: string | null;
  /** JSON: each changed field as `[before, after]`. */
  changes: ColumnType<string, string | undefined, never>;
}

/** A permit housekeeping writes, uses and removes inside one transaction to prune the log. */
export interface ActivityPrunePermitsTable {
  before: string;
}

export type ReportResolution = 'product_hidden' | 'shop_deactivated' | 'review_hidden' | 'dismissed' | 'deleted';

/**
 * A buyer's or guest's report of a product, a shop or a review (issue 49, migration 2026_12_07_010000):
 * one open report per reporter per thing; resolving closes all of a thing's open reports, and a thing
 * deleted closes its own (triggers).
 */
export interface ReportsTable {
  id: Generated<number>;
  subject_type: ReportThing;
  subject_id: number;
  /** `user:{id}`, or `guest:{the browser's key}`. */
  reporter_key: string;
  reporter_user_id: number | null;
  reason: ReportReason;
  details: string | null;
  created_at: string;
  status: ColumnType<'open' | 'resolved', 'open' | 'resolved' | undefined, 'open' | 'resolved'>;
  resolution: ColumnType<ReportResolution | null, ReportResolution | null | undefined, ReportResolution | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  resolved_at: ColumnType<string | null, string | null | undefined, string | null>;
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The operator's billing switches (issue 48): one row, id 1, written by the first save. */
export interface BillingSettingsTable {
  id: number;
  grace_days: number;
  stop_orders: number;
  /** The marketplace's commission rate in basis points (issue 48): 0, off, by default. */
  commission_rate_bps: ColumnType<number, number | undefined, number>;
  updated_at: string;
}

/** A shop an account follows (issue 50). */
export interface ShopFollowsTable {
  user_id: number;
  shop_id: number;
  created_at: string;
}

/** A plan-end notice sent (issue 48): one per account, end date and notice, the claim that sends it once. */
export interface PlanRemindersTable {
  user_id: number;
  pro_until: string;
  days_before: 1 | 7;
  sent_at: string;
}

/** A Pro plan the operator sells (issue 48): its months and price in its currency. */
export interface BillingPlansTable {
  id: Generated<number>;
  name: string;
  months: number;
  price: number;
  currency: string;
  is_active: Flag;
  created_at: string;
  updated_at: string;
}

/** A plan payment an admin recorded (issue 48); undone, it stays with who undid it and why. */
export interface PlanPaymentsTable {
  id: Generated<number>;
  user_id: number;
  shop_id: number | null;
  shop_name: string;
  plan_id: number | null;
  plan_name: string | null;
  months: number;
  amount: number;
  currency: string;
  /** YYYY-MM-DD, the day the money came (never in the future). */
  paid_on: string;
  reference: ColumnType<string, string | undefined, string>;
  previous_until: string | null;
  new_until: string;
  recorded_by: number | null;
  created_at: string;
  undone_at: ColumnType<string | null, string | null | undefined, string | null>;
  undone_by: ColumnType<number | null, number | null | undefined, number | null>;
  undo_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A delivered order's commission, owed once (issue 48): the unique order_id is the once. */
export interface CommissionEntriesTable {
  id: Generated<number>;
  order_id: number;
  shop_id: number;
  order_number: string;
  currency: string;
  /** The goods after product discounts and the coupon: what the rate was taken of. */
  goods: number;
  rate_bps: number;
  amount: number;
  /** When the order was marked Delivered. */
  created_at: string;
}

/** A commission payment an admin recorded (issue 48), in the shop's currency. */
export interface CommissionPaymentsTable {
  id: Generated<number>;
  shop_id: number;
  shop_name: string;
  amount: number;
  currency: string;
  /** YYYY-MM-DD, never in the future. */
  paid_on: string;
  reference: ColumnType<string, string | undefined, string>;
  recorded_by: number | null;
  created_at: string;
}

/** What a shop owes in one currency: owed (its entries) and paid (its payments); paid never above owed. */
export interface CommissionBalancesTable {
  shop_id: number;
  currency: string;
  owed: ColumnType<number, number | undefined, number>;
  paid: ColumnType<number, number | undefined, number>;
  delivered_orders: ColumnType<number, number | undefined, number>;
  last_paid_on: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: string;
}
