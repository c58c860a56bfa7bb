import type { ColumnType, Generated } from 'kysely';
import type { DiscountType, OrderStatus, ProductUnit, Role, StockMode } from '../../shared/constants';
import type { CouponType } from '../../shared/coupons';
import type { DeliveryBasis } from '../../shared/delivery';
import type { Language } from '../../shared/i18n/language';
import type { StaffRole } from '../../shared/staff';
import type {
  ActivityLogTable,
  ActivityPrunePermitsTable,
  BackInStockRequestsTable,
  BillingPlansTable,
  BillingSettingsTable,
  CartLinesTable,
  CartMergesTable,
  CartsTable,
  CommissionBalancesTable,
  CommissionEntriesTable,
  CommissionPaymentsTable,
  EmailOptOutsTable,
  MarketplaceAnnouncementTable,
  MarketplaceSettingsTable,
  OutboxTable,
  PagesTable,
  PasswordResetsTable,
  PlanPaymentsTable,
  PlanRemindersTable,
  ShopFollowsTable,
  ReportsTable,
  SavedProductsTable,
} from './schema-tables';

/** Table types for Kysely, in one place. Booleans are 0/1 integers; timestamps are ISO strings. */

type Timestamp = ColumnType<string, string | undefined, string>;
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: Timestamp;
  /** Suspended by an admin (issue 49): no sign-in, no session; its shop and reviews hidden. */
  suspended_at: ColumnType<string | null, string | null | undefined, string | null>;
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** /settings "Cart reminders" (issue 50): a forgotten cart's one email. */
  cart_reminders: Flag;
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
  /** Its owner's account is suspended (issue 49): hidden as a taken-down shop is. */
  owner_suspended_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The flat delivery fee in minor units; null: never set, the marketplace default applies. */
  delivery_fee: ColumnType<number | null, number | null | undefined, number | null>;
  /** A shop subtotal at or above it pays no delivery fee; null: no threshold. */
  free_delivery_from: ColumnType<number | null, number | null | undefined, number | null>;
  /** The shop setting "Email me new orders": each new order is emailed to contact_email. */
  email_new_orders: Flag;
  /** "Returns and exchanges" (issue 47): plain text, at most 500 characters; '' for none. */
  returns_policy: ColumnType<string, string | undefined, string>;
  /** "Delivery time": at most 120 characters; '' for none. */
  delivery_time: ColumnType<string, string | undefined, string>;
  /** The shop's "Custom rate" of commission in basis points (issue 48); null: the marketplace's rate. */
  commission_rate_bps: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** Hidden by an admin (issue 49): off the public pages and the ratings. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shop owner's public reply (issue 49), and when it was last written. */
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  reply_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Hidden because its author was suspended; unsuspending shows these again (1), not an admin's hiding. */
  hidden_by_suspension: ColumnType<number, number | undefined, number>;
}

export interface ShopReviewsTable {
  id: Generated<number>;
  shop_id: number;
  user_id: number;
  rating: number;
  comment: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Hidden by an admin (issue 49): off the public pages and the ratings. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shop owner's public reply (issue 49), and when it was last written. */
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  reply_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Hidden because its author was suspended; unsuspending shows these again (1), not an admin's hiding. */
  hidden_by_suspension: ColumnType<number, number | undefined, number>;
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
  /** The shop's "Returns and exchanges" and "Delivery time" as they were at checkout (issue 47); '' for none. */
  returns_policy: ColumnType<string, string | undefined, string>;
  delivery_time: ColumnType<string, string | undefined, string>;
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
  /** Commission frozen at checkout (issue 48): the rate in basis points, the goods after the coupon it was taken of, the amount; 0 before. */
  commission_rate_bps: ColumnType<number, number | undefined, number>;
  commission_base: ColumnType<number, number | undefined, number>;
  commission: ColumnType<number, number | undefined, number>;
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

/** A shop's helper (issue 51): one shop per account, with the role they act in. */
export interface ShopStaffTable {
  id: Generated<number>;
  shop_id: number;
  user_id: number;
  role: StaffRole;
  invited_at: Timestamp;
  joined_at: Timestamp;
  /** Touched at most once an hour by the shop tier (null: not since joining). */
  last_active_at: string | null;
}

/** An invitation link to a shop's staff: single use, valid 7 days, only its token's SHA-256 kept. */
export interface ShopStaffInvitationsTable {
  id: Generated<number>;
  shop_id: number;
  email: string;
  role: StaffRole;
  token_hash: string;
  created_at: Timestamp;
  expires_at: string;
  used_at: string | null;
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
  shop_staff: ShopStaffTable;
  shop_staff_invitations: ShopStaffInvitationsTable;
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
  reports: ReportsTable;
  marketplace_settings: MarketplaceSettingsTable;
  pages: PagesTable;
  marketplace_announcement: MarketplaceAnnouncementTable;
  saved_products: SavedProductsTable;
  back_in_stock_requests: BackInStockRequestsTable;
  carts: CartsTable;
  cart_lines: CartLinesTable;
  commission_entries: CommissionEntriesTable;
  commission_payments: CommissionPaymentsTable;
  commission_balances: CommissionBalancesTable;
  cart_merges: CartMergesTable;
  billing_plans: BillingPlansTable;
  plan_payments: PlanPaymentsTable;
  billing_settings: BillingSettingsTable;
  plan_reminders: PlanRemindersTable;
  shop_follows: ShopFollowsTable;
}

export type { CartsTable, CartLinesTable, CartMergesTable, SavedProductsTable, MarketplaceSettingsTable, PagesTable, MarketplaceAnnouncementTable, OutboxStatus, OutboxTable, EmailOptOutsTable, PasswordResetsTable, ActivityActorRole, ActivityLogTable, ActivityPrunePermitsTable, ReportResolution, ReportsTable, BillingSettingsTable, BillingPlansTable, PlanPaymentsTable, PlanRemindersTable, ShopFollowsTable } from './schema-tables';
