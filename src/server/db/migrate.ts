import { type Migration, type MigrationProvider, Migrator, NO_MIGRATIONS } from 'kysely/migration';
import * as createCoreTables from '../../../db/migrations/2026_11_21_000000_create_core_tables';
import * as alignProductCurrency from '../../../db/migrations/2026_11_23_000000_align_product_currency';
import * as createSessions from '../../../db/migrations/2026_11_23_100000_create_sessions';
import * as addTakedowns from '../../../db/migrations/2026_11_23_110000_add_takedowns';
import * as addCheckoutAttempts from '../../../db/migrations/2026_11_23_120000_add_checkout_attempts';
import * as addListIndexes from '../../../db/migrations/2026_11_23_130000_add_list_indexes';
import * as addProductSearch from '../../../db/migrations/2026_11_24_010000_add_product_search';
import * as addReviewStats from '../../../db/migrations/2026_11_24_010100_add_review_stats';
import * as addImageVariants from '../../../db/migrations/2026_11_24_030000_add_image_variants';
import * as addMaintainedCounts from '../../../db/migrations/2026_11_24_040000_add_maintained_counts';
import * as addInstanceSignals from '../../../db/migrations/2026_11_25_010000_add_instance_signals';
import * as createRateLimits from '../../../db/migrations/2026_11_25_020000_create_rate_limits';
import * as addDeliveryFees from '../../../db/migrations/2026_11_25_030000_add_delivery_fees';
import * as addProductVariants from '../../../db/migrations/2026_11_26_010000_add_product_variants';
import * as addSessionsExpiryIndex from '../../../db/migrations/2026_11_27_010000_add_sessions_expiry_index';
import * as addSessionSignals from '../../../db/migrations/2026_11_27_020000_add_session_signals';
import * as addOrderNumberCounter from '../../../db/migrations/2026_11_28_010000_add_order_number_counter';
import * as addOwnReadSignals from '../../../db/migrations/2026_11_28_020000_add_own_read_signals';
import * as addDispatch from '../../../db/migrations/2026_11_29_010000_add_dispatch';
import * as createOutbox from '../../../db/migrations/2026_11_29_020000_create_outbox';
import * as createCoupons from '../../../db/migrations/2026_11_29_030000_create_coupons';
import * as createProductImports from '../../../db/migrations/2026_11_29_040000_create_product_imports';
import * as addCashReceived from '../../../db/migrations/2026_11_29_050000_add_cash_received';
import * as createEmailOptOuts from '../../../db/migrations/2026_11_29_060000_create_email_opt_outs';
import * as notifyAfterCommit from '../../../db/migrations/2026_11_30_010000_notify_after_commit';
import * as addVariantsFor from '../../../db/migrations/2026_12_01_010000_add_variants_for';
import * as addOrderCityId from '../../../db/migrations/2026_12_02_020000_add_order_city_id';
import * as createMarketplaceSettings from '../../../db/migrations/2026_12_03_010000_create_marketplace_settings';
import * as createActivityLog from '../../../db/migrations/2026_12_04_010000_create_activity_log';
import * as createPages from '../../../db/migrations/2026_12_05_010000_create_pages';
import * as createMarketplaceAnnouncement from '../../../db/migrations/2026_12_05_020000_create_marketplace_announcement';
import * as addMarketplaceLogo from '../../../db/migrations/2026_12_06_010000_add_marketplace_logo';
import * as addShopPolicies from '../../../db/migrations/2026_12_06_020000_add_shop_policies';
import * as addReports from '../../../db/migrations/2026_12_07_010000_add_reports';
import * as addReviewReplies from '../../../db/migrations/2026_12_07_020000_add_review_replies';
import * as addSuspensions from '../../../db/migrations/2026_12_07_030000_add_suspensions';
import * as createShopStaff from '../../../db/migrations/2026_12_10_010000_create_shop_staff';
import * as createSavedProducts from '../../../db/migrations/2026_12_09_010000_create_saved_products';
import * as createCarts from '../../../db/migrations/2026_12_09_020000_create_carts';
import * as createCartMerges from '../../../db/migrations/2026_12_11_010000_create_cart_merges';
import * as renameReservedShopSlugs from '../../../db/migrations/2026_12_11_020000_rename_reserved_shop_slugs';
import * as addRemainingPublicDataSignals from '../../../db/migrations/2026_12_11_030000_add_remaining_public_data_signals';
import * as createProPlans from '../../../db/migrations/2026_12_08_010000_create_pro_plans';
import * as createBillingSettings from '../../../db/migrations/2026_12_08_020000_create_billing_settings';
import * as addCommission from '../../../db/migrations/2026_12_12_010000_add_commission';
import * as createPlanReminders from '../../../db/migrations/2026_12_13_010000_create_plan_reminders';
import * as createShopFollows from '../../../db/migrations/2026_12_14_010000_create_shop_follows';
import * as addCartReminders from '../../../db/migrations/2026_12_17_010000_add_cart_reminders';
import * as createBackInStockRequests from '../../../db/migrations/2026_12_18_010000_create_back_in_stock_requests';
import * as addCartsLookedAt from '../../../db/migrations/2026_12_19_010000_add_carts_looked_at';
import * as addOrdersMonthIndexes from '../../../db/migrations/2026_12_20_010000_add_orders_month_indexes';
import * as addDefaultPagesUrduTitles from '../../../db/migrations/2026_12_21_010000_add_default_pages_urdu_titles';
import type { DB } from './client';

/**
 * Migrations are imported statically: Kysely's FileMigrationProvider cannot read .ts files once the
 * server is bundled. Add each new migration file to this record, in order.
 */
const migrations: Record<string, Migration> = {
  '2026_11_21_000000_create_core_tables': createCoreTables,
  '2026_11_23_000000_align_product_currency': alignProductCurrency,
  '2026_11_23_100000_create_sessions': createSessions,
  '2026_11_23_110000_add_takedowns': addTakedowns,
  '2026_11_23_120000_add_checkout_attempts': addCheckoutAttempts,
  '2026_11_23_130000_add_list_indexes': addListIndexes,
  '2026_11_24_010000_add_product_search': addProductSearch,
  '2026_11_24_010100_add_review_stats': addReviewStats,
  '2026_11_24_030000_add_image_variants': addImageVariants,
  '2026_11_24_040000_add_maintained_counts': addMaintainedCounts,
  '2026_11_25_010000_add_instance_signals': addInstanceSignals,
  '2026_11_25_020000_create_rate_limits': createRateLimits,
  '2026_11_25_030000_add_delivery_fees': addDeliveryFees,
  '2026_11_26_010000_add_product_variants': addProductVariants,
  '2026_11_27_010000_add_sessions_expiry_index': addSessionsExpiryIndex,
  '2026_11_27_020000_add_session_signals': addSessionSignals,
  '2026_11_28_010000_add_order_number_counter': addOrderNumberCounter,
  '2026_11_28_020000_add_own_read_signals': addOwnReadSignals,
  '2026_11_29_010000_add_dispatch': addDispatch,
  '2026_11_29_020000_create_outbox': createOutbox,
  '2026_11_29_030000_create_coupons': createCoupons,
  '2026_11_29_040000_create_product_imports': createProductImports,
  '2026_11_29_050000_add_cash_received': addCashReceived,
  '2026_11_29_060000_create_email_opt_outs': createEmailOptOuts,
  '2026_11_30_010000_notify_after_commit': notifyAfterCommit,
  '2026_12_01_010000_add_variants_for': addVariantsFor,
  '2026_12_02_020000_add_order_city_id': addOrderCityId,
  '2026_12_03_010000_create_marketplace_settings': createMarketplaceSettings,
  '2026_12_04_010000_create_activity_log': createActivityLog,
  '2026_12_05_010000_create_pages': createPages,
  '2026_12_05_020000_create_marketplace_announcement': createMarketplaceAnnouncement,
  '2026_12_06_010000_add_marketplace_logo': addMarketplaceLogo,
  '2026_12_06_020000_add_shop_policies': addShopPolicies,
  '2026_12_07_010000_add_reports': addReports,
  '2026_12_07_020000_add_review_replies': addReviewReplies,
  '2026_12_07_030000_add_suspensions': addSuspensions,
  '2026_12_10_010000_create_shop_staff': createShopStaff,
  '2026_12_09_010000_create_saved_products': createSavedProducts,
  '2026_12_09_020000_create_carts': createCarts,
  '2026_12_08_010000_create_pro_plans': createProPlans,
  '2026_12_08_020000_create_billing_settings': createBillingSettings,
  '2026_12_11_010000_create_cart_merges': createCartMerges,
  '2026_12_11_020000_rename_reserved_shop_slugs': renameReservedShopSlugs,
  '2026_12_11_030000_add_remaining_public_data_signals': addRemainingPublicDataSignals,
  '2026_12_12_010000_add_commission': addCommission,
  '2026_12_13_010000_create_plan_reminders': createPlanReminders,
  '2026_12_14_010000_create_shop_follows': createShopFollows,
  '2026_12_17_010000_add_cart_reminders': addCartReminders,
  '2026_12_18_010000_create_back_in_stock_requests': createBackInStockRequests,
  '2026_12_19_010000_add_carts_looked_at': addCartsLookedAt,
  '2026_12_20_010000_add_orders_month_indexes': addOrdersMonthIndexes,
  '2026_12_21_010000_add_default_pages_urdu_titles': addDefaultPagesUrduTitles,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: DB): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** The migrations not yet applied to `db`, oldest first (reads only: creates no migration table). */
export async function pendingMigrations(db: DB): Promise<string[]> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Undoes every migration, newest first: the down steps' tests. */
export async function migrateDownToEmpty(db: DB): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(NO_MIGRATIONS);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
