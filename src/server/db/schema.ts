import type { ColumnType, Generated } from 'kysely';
import type { DiscountType, OrderStatus, ProductUnit, Role, StockMode } from '../../shared/constants';
import type { CouponType } from '../../shared/coupons';
import type { DeliveryBasis } from '../../shared/delivery';
import type { Language } from '../../shared/i18n/language';

/** Table types for Kysely, in one place. Booleans are 0/1 integers; timestamps are ISO strings. */

type Timestamp = ColumnType<string, string | undefined, string>;
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: Timestamp;
}

export interface ProfilesTable {
  user_id: number;
  full_name: string;
  phone: ColumnType<string, string | undefined, string>;
  avatar_url: string | null;
  is_pro: Flag;
  /** When Pro ends; null with is_pro: "Pro, no end date" (issue 48, shared/plan.ts). */
  pro_until: ColumnType<string | null, string | null | undefined, string | null>;
  trial_start_at: string | null;
  role_selected: Flag;
  ship_address: ColumnType<string, string | undefined, string>;
  ship_city: ColumnType<string, string | undefined, string>;
  ship_postal_code: ColumnType<string, string | undefined, string>;
  /** Whether the buyer gets emails when their orders change status (/settings "Order updates by email"). */
  order_emails: Flag;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: number;
  role: Role;
  created_at: Timestamp;
}

/**
 * The sum of a product's or shop's review ratings, or how many reviews it has: kept by triggers in the
 * statement that writes a review (migration 2026_11_24_010100), read by the catalog, never written by the app.
 */
type ReviewStat = ColumnType<number, never, never>;

export interface ShopsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  slug: string;
  description: ColumnType<string, string | undefined, string>;
  contact_email: ColumnType<string, string | undefined, string>;
  contact_phone: ColumnType<string, string | undefined, string>;
  whatsapp_number: string;
  currency: string;
  tax_rate_bps: ColumnType<number, number | undefined, number>;
  profile_picture_url: string | null;
  cover_image_url: string | null;
  logo_url: string | null;
  /** The owner's own switch (shops have no screen for it yet). */
  is_active: Flag;
  /** When an admin took the shop down; only an admin lifts it (product-decisions 4). */
  taken_down_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The flat delivery fee in minor units; null: never set, the marketplace default applies. */
  delivery_fee: ColumnType<number | null, number | null | undefined, number | null>;
  /** A shop subtotal at or above it pays no delivery fee; null: no threshold. */
  free_delivery_from: ColumnType<number | null, number | null | undefined, number | null>;
  /** The shop setting "Email me new orders": each new order is emailed to contact_email. */
  email_new_orders: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  rating_sum: ReviewStat;
  review_count: ReviewStat;
}

export interface CategoriesTable {
  id: Generated<number>;
  shop_id: number;
  name: string;
  slug: string;
  description: ColumnType<string, string | undefined, string>;
  icon_url: string | null;
  created_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  shop_id: number;
  category_id: number | null;
  name: string;
  slug: string;
  brand: ColumnType<string, string | undefined, string>;
  description_html: ColumnType<string, string | undefined, string>;
  selling_price: number;
  purchase_price: number | null;
  currency: string;
  /** per_variant: the sum of its variants' stock, kept by triggers (migration 2026_11_26_010000). */
  stock_amount: number;
  stock_mode: ColumnType<StockMode, StockMode | undefined, StockMode>;
  unit: ProductUnit;
  /** JSON arrays */
  colors: ColumnType<string, string | undefined, string>;
  sizes: ColumnType<string, string | undefined, string>;
  custom_fields: ColumnType<string, string | undefined, string>;
  manufacturing_date: string | null;
  expiry_date: string | null;
  discount_type: DiscountType | null;
  discount_value: number | null;
  /** The owner's own active switch. */
  is_active: Flag;
  /** When an admin took the product down; only an admin lifts it (product-decisions 4). */
  taken_down_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  rating_sum: ReviewStat;
  review_count: ReviewStat;
}

/** One color x size of a per_variant product ('' for the option it does not have). */
export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  shop_id: number;
  color: string;
  size: string;
  stock: number;
  /** Minor units; null: the product's selling price. Discounts apply to it as to that price. */
  price: number | null;
  sku: string | null;
  position: number;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  url: string;
  thumb_url: string;
  position: number;
  is_primary: Flag;
}

export interface ProductReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  rating: number;
  comment: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShopReviewsTable {
  id: Generated<number>;
  shop_id: number;
  user_id: number;
  rating: number;
  comment: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A city's own delivery fee, or no delivery there (fee null); one row per city as compared (`cityKey`). */
export interface ShopDeliveryCitiesTable {
  shop_id: number;
  city_key: string;
  city: string;
  fee: number | null;
  no_delivery: Flag;
  position: number;
}

export interface OrdersTable {
  id: Generated<number>;
  order_number: string;
  buyer_id: number | null;
  shop_id: number | null;
  shop_name: string;
  shop_whatsapp: string;
  currency: string;
  buyer_name: string;
  buyer_email: string;
  buyer_phone: string;
  ship_address: string;
  /** The city as the buyer typed it. */
  ship_city: string;
  /** The city of Pakistan's list it named (shared/pakistan-cities.ts), in either script; null for none, and before issue 53. */
  ship_city_id: ColumnType<string | null, string | null | undefined, string | null>;
  ship_postal_code: string;
  notes: ColumnType<string, string | undefined, string>;
  subtotal: number;
  tax: ColumnType<number, number | undefined, number>;
  /** subtotal + tax + delivery_fee. */
  total: number;
  /** The delivery fee charged, in minor units (a snapshot: a later rule never changes it). */
  delivery_fee: ColumnType<number, number | undefined, number>;
  /** Which part of the shop's rule charged it; null for orders placed before delivery fees. */
  delivery_basis: ColumnType<DeliveryBasis | null, DeliveryBasis | null | undefined, DeliveryBasis | null>;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  payment_method: ColumnType<'cod', 'cod' | undefined, 'cod'>;
  /** The coupon the order used while it exists; its snapshot is the three columns after it. */
  coupon_id: ColumnType<number | null, number | null | undefined, number | null>;
  coupon_code: ColumnType<string | null, string | null | undefined, string | null>;
  coupon_type: ColumnType<CouponType | null, CouponType | null | undefined, CouponType | null>;
  /** Taken off the goods in minor units, or the fee a free-delivery coupon waived; 0 without a coupon. */
  coupon_discount: ColumnType<number, number | undefined, number>;
  /** The checkout attempt that placed it; null when placed without a key. */
  checkout_attempt_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The shipment as the shop named it: a listed courier or another's name, and its tracking number (null until shipped). */
  courier: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the buyer ordered in: the texts the shop sends them are in it ('en' before issue 29). */
  buyer_language: ColumnType<Language, Language | undefined, Language>;
  /** The buyer's phone as numbers compare (shared/phone.ts phoneKey): the block list and the buyer's record. */
  buyer_phone_key: ColumnType<string, string | undefined, string>;
  /** When the order reached its status (null: still pending since created_at). */
  status_changed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The day the courier paid the shop for it (YYYY-MM-DD, the marketplace's time zone); only on a delivered order. */
  cash_received_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** The courier's payment slip or another note of that payment, up to 60 characters. */
  cash_reference: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A shop's coupon (issue 32): see migration 2026_11_29_030000. */
export interface CouponsTable {
  id: Generated<number>;
  shop_id: number;
  /** Upper case, unique in the shop. */
  code: string;
  type: CouponType;
  /** Percent 1-90, the amount off in minor units, or 0 for free delivery. */
  value: number;
  min_order: number | null;
  /** First and last days (YYYY-MM-DD, the marketplace's time zone); null: open. */
  starts_on: string | null;
  ends_on: string | null;
  max_uses: number | null;
  once_per_buyer: Flag;
  is_active: Flag;
  used_count: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** One order that counted a use of its coupon (deleted when a cancel gives the use back). */
export interface CouponUsesTable {
  order_id: number;
  coupon_id: number;
}

/** Who used a once-per-buyer coupon: 'u:<account>', 'e:<email>' or 'p:<phone key>'. */
export interface CouponBuyersTable {
  coupon_id: number;
  buyer_key: string;
  order_id: number;
}

/** A shop's block list: numbers it takes no cash-on-delivery orders from, by the compared number. */
export interface ShopBlockedPhonesTable {
  shop_id: number;
  phone_key: string;
  /** The number as the shop saw it on the order it blocked from. */
  phone: string;
  created_at: Timestamp;
}

/** One idempotent checkout: its client key and what it asked for (see orders.service placeCheckout). */
export interface CheckoutAttemptsTable {
  id: Generated<number>;
  attempt_key: string;
  request_hash: string;
  created_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  product_name: string;
  image_url: string | null;
  color: string | null;
  size: string | null;
  unit_price: number;
  quantity: number;
  line_total: number;
  /** The combination as chosen ('Red / M'), for per_variant products; a snapshot. */
  variant_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** The variant's SKU when it had one; a snapshot. */
  sku: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderStatusEventsTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  actor_id: number | null;
  created_at: Timestamp;
}

export interface OrderNumberSequencesTable {
  day: string;
  last_value: number;
}

/**
 * A shop's orders by currency and status: how many and the sum of their totals. Kept by triggers in
 * the same transaction as every write to orders (migration 2026_11_24_040000); never written by the app.
 */
export interface ShopOrderTotalsTable {
  shop_id: number;
  currency: string;
  status: OrderStatus;
  order_count: number;
  order_total: number;
}

/** The same per UTC day (YYYY-MM-DD) the orders were placed: the dashboard's chart. */
export interface ShopOrderDaysTable extends ShopOrderTotalsTable {
  day: string;
}

/** How many rows a whole table holds (shops, products, profiles), kept by triggers. */
export interface RowCountsTable {
  table_name: string;
  row_count: number;
}

export interface SlidersTable {
  id: Generated<number>;
  title: string | null;
  image_url: string;
  redirect_url: string;
  is_active: Flag;
  display_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface UploadsTable {
  id: Generated<number>;
  owner_id: number;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
  bytes: number;
  created_at: Timestamp;
  /** Widths of the resized copies, comma-separated ('' for none); null until they are made. */
  variant_widths: string | null;
  /** The widths copies were made for (VARIANT_WIDTHS then, comma-separated); null until they are made. */
  variants_for: string | null;
}

export interface SessionsTable {
  /** Random, carried inside the signed session cookie. */
  id: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A rate-limit window shared by the instances on PostgreSQL (rate-limits/shared-rate-limiter.ts). */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** When the window ends, in milliseconds since the epoch. */
  reset_at: number;
}

/** A catalogue import of a shop (issue 34): at most one 'running' per shop, its counts and result. */
export interface ProductImportsTable {
  id: Generated<number>;
  shop_id: number;
  file_name: string;
  status: 'running' | 'done' | 'failed';
  rows_total: number;
  rows_done: ColumnType<number, number | undefined, number>;
  images_total: number;
  images_done: ColumnType<number, number | undefined, number>;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  message: string | null;
  started_at: string;
  heartbeat_at: string;
  finished_at: string | null;
  dismissed_at: string | null;
}

/** An image an import stored, by the SHA-256 of its source file (a second import of that file keeps it). */
export interface ProductImportImagesTable {
  shop_id: number;
  sha256: string;
  url: string;
}

/** When each scheduled job last started on some instance (db/run-once.ts; written on PostgreSQL only). */
export interface ScheduledRunsTable {
  job: string;
  started_at: string;
}

export interface Database {
  users: UsersTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  shops: ShopsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_variants: ProductVariantsTable;
  product_reviews: ProductReviewsTable;
  shop_reviews: ShopReviewsTable;
  shop_delivery_cities: ShopDeliveryCitiesTable;
  shop_blocked_phones: ShopBlockedPhonesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_events: OrderStatusEventsTable;
  order_number_sequences: OrderNumberSequencesTable;
  shop_order_totals: ShopOrderTotalsTable;
  shop_order_days: ShopOrderDaysTable;
  row_counts: RowCountsTable;
  checkout_attempts: CheckoutAttemptsTable;
  coupons: CouponsTable;
  coupon_uses: CouponUsesTable;
  coupon_buyers: CouponBuyersTable;
  sliders: SlidersTable;
  uploads: UploadsTable;
  sessions: SessionsTable;
  scheduled_runs: ScheduledRunsTable;
  rate_limits: RateLimitsTable;
  product_imports: ProductImportsTable;
  product_import_images: ProductImportImagesTable;
  outbox: OutboxTable;
  password_resets: PasswordResetsTable;
  email_opt_outs: EmailOptOutsTable;
  activity_log: ActivityLogTable;
  activity_prune_permits: ActivityPrunePermitsTable;
  marketplace_settings: MarketplaceSettingsTable;
  billing_plans: BillingPlansTable;
  plan_payments: PlanPaymentsTable;
  billing_settings: BillingSettingsTable;
}

/** The operator's billing switches (issue 48): one row, id 1, written by the first save. */
export interface BillingSettingsTable {
  id: number;
  grace_days: number;
  stop_orders: number;
  updated_at: string;
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
