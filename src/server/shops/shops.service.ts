import { setCouponsCurrency } from '../coupons/coupons.service';
import { LOW_STOCK_BELOW, type OrderStatus, UNPAID_STATUSES } from '../../shared/constants';
import { type DeliveryRule, defaultDeliveryRule, MAX_DELIVERY_MINOR, rescaleDeliveryRule } from '../../shared/delivery';
import whatsapp from '../../shared/i18n/catalogues/en/whatsapp';
import type { Language } from '../../shared/i18n/language';
import { translate } from '../../shared/i18n/translator';
import { formatMoney, minorDigits } from '../../shared/money';
import { type DeliveryFormInput, deliveryRuleSchema } from '../../shared/schemas/delivery';
import type { CreateShopValues, UpdateShopInput } from '../../shared/schemas/shop';
import type { ShopPolicies } from '../../shared/schemas/shop-policies';
import { isTrialExpired, trialNotStarted } from '../../shared/trial';
import { planEnded } from '../billing/billing-settings.service';
import { returnRate } from '../../shared/order-status';
import { waLink } from '../../shared/whatsapp';
import { DEFAULT_SITE_NAME } from '../../shared/page-titles';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { badRequest, conflict, isUniqueViolation } from '../errors';
import { setShopProductsCurrency } from '../products/products.service';
import type { UploadStorage } from '../uploads/storage';
import { referencedUrlsLocked, removeUploads, resolveOwnedImages } from '../uploads/uploads.service';
import type { SessionUser } from '../users/users.mapper';
import { toShopSettingsView, toShopSummary } from './shops.mapper';
import * as repo from './shops.repository';
import { followerCount } from '../follows/follows.service';
import { countryCode, siteIdentity, supportWhatsapp } from '../settings/settings.service';
// It writes a translated text: the catalogues are compiled at import, whichever entry got here.
import '../i18n/languages';

export const ONE_SHOP_MESSAGE = 'You already have a shop. Only one shop per user is allowed.';
export const STAFF_CANNOT_OWN = 'You are staff of a shop. An account can own a shop or help one, not both.';
export const SLUG_TAKEN_MESSAGE = 'This shop URL is already taken. Please choose another.';

const CHART_DAYS = 30;
const DAY_MS = 86_400_000;

/** The caller's own shop, or undefined (the shopkeeper tier resolves it once per request). */
export async function findOwnShop(db: DB, ownerId: number): Promise<repo.OwnShop | undefined> {
  return repo.findByOwner(db, ownerId);
}

/**
 * One shop per owner is the database's UNIQUE(owner_id): two concurrent creates cannot both win,
 * and the loser gets the spec's message.
 */
export async function createShop(
  db: DB,
  ownerId: number,
  input: CreateShopValues,
  now: Date,
): Promise<{ id: number; slug: string }> {
  if (await repo.findByOwner(db, ownerId)) throw conflict(ONE_SHOP_MESSAGE);
  // One shop per account (issue 51): a helper of a shop owns none.
  if (await repo.isStaff(db, ownerId)) throw conflict(STAFF_CANNOT_OWN);
  try {
    const { taxRate, ...shop } = input;
    const id = await repo.insertShop(db, { ...shop, ownerId, taxRateBps: taxRate, now });
    return { id, slug: input.slug };
  } catch (error) {
    if (isUniqueViolation(error, 'shops.owner_id')) throw conflict(ONE_SHOP_MESSAGE);
    if (isUniqueViolation(error, 'shops.slug')) throw conflict(SLUG_TAKEN_MESSAGE);
    throw error;
  }
}

/** The settings form's values, with the delivery rule (`custom` false: the marketplace default applies). */
export async function shopSettings(db: DB, shopId: number, deliveryFeeDefault: string) {
  const row = await repo.findSettings(db, shopId);
  if (!row) return null;
  const saved = (await deliveryRules(db, [shopId], deliveryFeeDefault)).get(shopId);
  const delivery = { rule: saved?.rule ?? defaultDeliveryRule(deliveryFeeDefault, row.currency), custom: saved?.custom ?? false };
  return { ...toShopSettingsView(row), delivery };
}

/**
 * Each shop's delivery rule in its currency (shops missing from the database are missing here). A
 * shop that never saved one charges the marketplace default (DELIVERY_FEE_DEFAULT) as a flat fee.
 */
export async function deliveryRules(
  db: DB,
  shopIds: readonly number[],
  deliveryFeeDefault: string,
): Promise<Map<number, { rule: DeliveryRule; custom: boolean; currency: string }>> {
  const { shops, cities } = await repo.findDeliveryRules(db, [...new Set(shopIds)]);
  return new Map(
    shops.map((shop) => {
      const custom = shop.delivery_fee !== null;
      const rule: DeliveryRule = custom
        ? {
            fee: shop.delivery_fee as number,
            freeFrom: shop.free_delivery_from,
            cities: cities.filter((c) => c.shop_id === shop.id).map((c) => ({ city: c.city, fee: c.fee, noDelivery: c.no_delivery === 1 })),
          }
        : defaultDeliveryRule(deliveryFeeDefault, shop.currency);
      return [shop.id, { rule, custom, currency: shop.currency }];
    }),
  );
}

/**
 * Saves the shop's delivery rule, read in the shop's currency: every refusal names its field and
 * nothing is saved. The currency is checked again inside the transaction, so amounts typed in one
 * currency are never stored under another that a concurrent save just chose.
 */
export async function setDeliveryRule(db: DB, shop: { id: number; currency: string }, form: DeliveryFormInput, now: Date): Promise<void> {
  const parsed = deliveryRuleSchema(shop.currency).safeParse(form);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Check the delivery settings');
  const rule = parsed.data;
  await inTransaction(db, async (trx) => {
    const current = await repo.findSettings(trx, shop.id);
    if (!current) throw badRequest('Shop not found');
    if (current.currency !== shop.currency) throw conflict("Your shop's currency just changed. Reload the page and try again.");
    await repo.replaceDeliveryRule(trx, shop.id, rule, now);
  });
}

/** In the transaction that changes the shop's currency: its own delivery amounts follow, as its prices do. */
async function setDeliveryCurrency(trx: DB, shopId: number, from: string, to: string, now: Date): Promise<void> {
  const saved = (await deliveryRules(trx, [shopId], '0')).get(shopId);
  if (!saved?.custom) return;
  const rule = rescaleDeliveryRule(saved.rule, 10 ** (minorDigits(to) - minorDigits(from)));
  if (!rule) throw badRequest(`Your delivery fees would be too large in ${to}: the highest is ${formatMoney(MAX_DELIVERY_MINOR, to)}. Lower them first.`);
  await repo.replaceDeliveryRule(trx, shopId, rule, now);
}

/**
 * Saves the settings. The image checks, the update and a new currency for the shop's products run in
 * one transaction; the files of images replaced or removed are deleted only after it commits, once no
 * row points at them.
 */
export async function updateShopSettings(
  db: DB,
  storage: UploadStorage,
  userId: number,
  shopId: number,
  input: Required<Omit<UpdateShopInput, 'description' | 'contactEmail' | 'contactPhone' | 'currency'>> & {
    description: string;
    contactEmail: string;
    contactPhone: string;
    currency?: string;
  },
  now: Date,
): Promise<void> {
  const dropped = await inTransaction(db, async (trx) => {
    const current = await repo.findSettings(trx, shopId);
    if (!current) throw badRequest('Shop not found');
    const saved = [current.logo_url, current.profile_picture_url, current.cover_image_url].filter((u): u is string => !!u);
    const kept = new Map(saved.map((url) => [url, url]));
    const wanted = [input.logoUrl, input.profilePictureUrl, input.coverImageUrl].filter((u): u is string => !!u);
    await resolveOwnedImages(trx, userId, wanted, kept);
    const fresh = wanted.filter((u) => !kept.has(u));
    if ((await referencedUrlsLocked(trx, fresh)).size > 0) {
      throw badRequest('One of the images is already used elsewhere. Please upload it again.');
    }
    const currency = input.currency ?? current.currency;
    await repo.updateSettings(trx, shopId, { ...input, currency, now });
    if (currency !== current.currency) {
      await setShopProductsCurrency(trx, shopId, currency, now);
      await setDeliveryCurrency(trx, shopId, current.currency, currency, now);
      await setCouponsCurrency(trx, shopId, current.currency, currency, now);
    }
    return saved.filter((u) => !wanted.includes(u));
  });
  await removeUploads(db, storage, dropped);
}

function dayKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * What the dashboard's answer depends on besides the database and its caller: the day its chart ends
 * on, whether the trial is over, and the whole days since a dated Pro ended (its grace ends on one of
 * them, whatever the operator's grace days; the own-reads cache keeps it no longer than these stay the same).
 */
export function dashboardMoment(context: { user?: SessionUser; now: () => Date; config: { trialMinutes: number } }): string {
  const now = context.now();
  const { user } = context;
  const daysSinceProEnded = user?.proUntil ? Math.floor((now.getTime() - Date.parse(user.proUntil)) / DAY_MS) : '';
  return `${dayKey(now)} ${user ? isTrialExpired(user, now, context.config.trialMinutes) : ''} ${daysSinceProEnded}`;
}

/** Revenue and the chart leave out orders that brought no money: cancelled and returned (product-decisions 6). */
const earns = (row: { status: OrderStatus }) => !(UNPAID_STATUSES as readonly OrderStatus[]).includes(row.status);

/**
 * The shop's dashboard: stats, the 30-day chart and the trial state, from the order totals the
 * database keeps (a few rows per shop and day, never the orders themselves). Revenue is per currency
 * that has an order not cancelled, in the stats and in the chart alike (a shop that changed its
 * currency has orders in both). A query: it only reports that a trial has not started; the screen
 * then starts it with users.startTrial.
 */
export async function dashboard(
  db: DB,
  context: { user: SessionUser; shop: repo.OwnShop; now: Date; trialMinutes: number },
) {
  const { user, shop, now, trialMinutes } = context;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (CHART_DAYS - 1)));
  const [totals, products, days] = await Promise.all([
    repo.orderTotals(db, shop.id),
    repo.productCounts(db, shop.id, LOW_STOCK_BELOW),
    repo.orderDays(db, shop.id, dayKey(start)),
  ]);
  const revenueBy = new Map<string, number>();
  for (const row of totals.filter(earns)) revenueBy.set(row.currency, (revenueBy.get(row.currency) ?? 0) + row.order_total);
  // The shop's own currency first, then the others alphabetically.
  const revenue = [...revenueBy]
    .map(([currency, total]) => ({ currency, total }))
    .sort((a, b) => (a.currency === shop.currency ? -1 : b.currency === shop.currency ? 1 : a.currency.localeCompare(b.currency)));
  // Each day's orders and earnings per currency, in one pass over the rows (a few per day and status).
  const byDay = new Map<string, { orders: number; revenue: Record<string, number> }>();
  for (let i = 0; i < CHART_DAYS; i += 1) {
    byDay.set(dayKey(new Date(start.getTime() + i * DAY_MS)), { orders: 0, revenue: Object.fromEntries(revenue.map(({ currency }) => [currency, 0])) });
  }
  // The return rate of the same 30 days: returned / (delivered + returned), by the day each was ordered.
  const outcomes = { delivered: 0, returned: 0 };
  for (const row of days) {
    if (row.status === 'delivered' || row.status === 'returned') outcomes[row.status] += row.order_count;
    const day = byDay.get(row.day);
    if (!day || !earns(row)) continue;
    day.orders += row.order_count;
    if (row.currency in day.revenue) day.revenue[row.currency]! += row.order_total;
  }
  const series = [...byDay].map(([day, totals]) => ({ day, ...totals }));
  return {
    shop: toShopSummary(shop),
    orders: totals.reduce((sum, r) => sum + r.order_count, 0),
    pendingOrders: totals.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.order_count, 0),
    ...products,
    revenue,
    series,
    returns: { ...outcomes, rate: returnRate(outcomes) },
    followers: await followerCount(db, shop.id),
    trialExpired: await planEnded(db, user, now, trialMinutes),
    trialNotStarted: trialNotStarted(user),
    trialMinutes,
  };
}

/** Where the trial dialog's WhatsApp button goes, its message in the shopkeeper's language; the number itself is never shown as text. */
export async function supportLink(db: DB, config: Pick<AppConfig, 'supportWhatsapp' | 'countryCode'>, language: Language): Promise<{ url: string | null }> {
  // The marketplace's settings: its support number (SUPPORT_WHATSAPP only until one is saved) and name.
  const [number, site, code] = await Promise.all([supportWhatsapp(db, config), siteIdentity(db), countryCode(db, config)]);
  // Until the operator names the marketplace, the message names nobody (as before issue 47).
  const text =
    site.name === DEFAULT_SITE_NAME
      ? translate(language, whatsapp, 'whatsapp.support.trialExpired')
      : translate(language, whatsapp, 'whatsapp.support.trialExpiredNamed', { site: site.name });
  return { url: number ? waLink(number, code, text) : null };
}

/**
 * The shop's policies (issue 47), judged by the form's own schema on the way in: plain text shown as
 * written beside Add to Cart, on the storefront and at checkout, and kept on each order placed from now on.
 */
export async function setShopPolicies(db: DB, shopId: number, policies: ShopPolicies, now: Date): Promise<void> {
  await repo.setPolicies(db, shopId, policies, now);
}

/** The shop setting "Email me new orders" (on by default). */
export async function setEmailNewOrders(db: DB, shopId: number, enabled: boolean, now: Date): Promise<void> {
  await repo.setEmailNewOrders(db, shopId, enabled, now);
}

/** The contact email each shop's new orders are emailed to (shops with the setting off or no email are absent). */
export async function newOrderRecipients(db: DB, shopIds: readonly number[]): Promise<Map<number, string>> {
  return new Map((await repo.findNewOrderRecipients(db, shopIds)).map((row) => [row.id, row.contact_email]));
}

/** A suspended owner's shop is hidden as a taken-down one is (`at`), and shown again (null); in the caller's transaction. */
export function hideShopOfSuspended(trx: DB, ownerId: number, at: Date | null): Promise<void> {
  return repo.setOwnerSuspended(trx, ownerId, at ? at.toISOString() : null);
}
