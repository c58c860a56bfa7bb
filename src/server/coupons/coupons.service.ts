import { type ActivityActor, recordActivity } from '../activity/activity.service';
import type { CouponEffect } from '../../shared/cart-summary';
import { type CouponTerms, couponStatus, MAX_COUPON_MINOR, MAX_COUPONS_PER_SHOP, meetsMinimum } from '../../shared/coupons';
import { formatMoney, minorDigits } from '../../shared/money';
import { phoneKey } from '../../shared/phone';
import { type CouponFormInput, couponValuesSchema, type CouponValues } from '../../shared/schemas/coupon';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { badRequest, conflict, isUniqueViolation, notFound } from '../errors';
import { toCouponTerms, toCouponView } from './coupons.mapper';
import * as repo from './coupons.repository';

/**
 * Shop coupons (issue 32): the owner's list and form, the cart's "Apply", and the checkout's part:
 * each code checked in the checkout's transaction and its use counted there atomically.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The dashboard's window. */
const STATS_DAYS = 30;

type Shop = { id: number; currency: string };

export async function listCoupons(db: DB, shop: Shop, now: Date) {
  const [rows, used] = await Promise.all([repo.listByShop(db, shop.id), repo.idsWithOrders(db, shop.id)]);
  return rows.map((row) => toCouponView(row, now, used.has(Number(row.id))));
}

function parseForm(shop: Shop, form: CouponFormInput): CouponValues {
  const parsed = couponValuesSchema(shop.currency).safeParse(form);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Check the coupon');
  return parsed.data;
}

function columnsOf(values: CouponValues, now: Date) {
  return {
    code: values.code,
    type: values.type,
    value: values.value,
    min_order: values.minOrder,
    starts_on: values.startsOn,
    ends_on: values.endsOn,
    max_uses: values.maxUses,
    once_per_buyer: values.oncePerBuyer ? 1 : 0,
    is_active: values.isActive ? 1 : 0,
    updated_at: now.toISOString(),
  };
}

const duplicate = (code: string) => conflict(`Your shop already has a coupon ${code}`);

/** A new coupon of the owner's shop (at most MAX_COUPONS_PER_SHOP); the code is unique in the shop. */
/** A coupon's fields as the activity log compares them (its times left out). */
function loggedFields(columns: Record<string, unknown> | undefined): Record<string, unknown> {
  const { updated_at: _updated, created_at: _created, id: _id, shop_id: _shop, ...fields } = columns ?? {};
  return fields;
}

/** The fields a save writes, each before and after (kept counts such as its uses are not the form's). */
function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  // PostgreSQL reads a bigint back as text: compared as the number the save writes.
  const read = (b: unknown, a: unknown) => (typeof a === 'number' && typeof b === 'string' && /^-?\d+$/.test(b) ? Number(b) : b);
  return Object.fromEntries(Object.keys(after).map((k) => [k, [read(before[k], after[k]) ?? null, after[k] ?? null]]));
}

export async function createCoupon(db: DB, shop: Shop, form: CouponFormInput, now: Date, by?: ActivityActor): Promise<{ id: number }> {
  const values = parseForm(shop, form);
  try {
    return await inTransaction(db, async (trx) => {
      if ((await repo.countByShop(trx, shop.id)) >= MAX_COUPONS_PER_SHOP) throw badRequest(`A shop can keep at most ${MAX_COUPONS_PER_SHOP} coupons`);
      if (await repo.codeTaken(trx, shop.id, values.code, null)) throw duplicate(values.code);
      const columns = columnsOf(values, now);
      const id = await repo.insert(trx, { shop_id: shop.id, ...columns, created_at: now.toISOString() });
      if (by) {
        await recordActivity(trx, {
          actor: by,
          action: 'coupon.created',
          subject: { type: 'coupon', id, label: values.code },
          shopId: shop.id,
          changes: changesOf({}, loggedFields(columns)),
          at: now,
        });
      }
      return { id };
    });
  } catch (error) {
    // Two saves of one code at the same moment: the unique constraint decides.
    if (isUniqueViolation(error)) throw duplicate(values.code);
    throw error;
  }
}

/** Edits one of the owner's coupons; its uses so far stay. */
export async function updateCoupon(db: DB, shop: Shop, id: number, form: CouponFormInput, now: Date, by?: ActivityActor): Promise<void> {
  const values = parseForm(shop, form);
  try {
    await inTransaction(db, async (trx) => {
      if (await repo.codeTaken(trx, shop.id, values.code, id)) throw duplicate(values.code);
      const before = by ? await repo.findById(trx, shop.id, id) : undefined;
      const columns = columnsOf(values, now);
      if (!(await repo.update(trx, shop.id, id, columns))) throw notFound('Coupon not found');
      const changes = changesOf(loggedFields(before as Record<string, unknown> | undefined), loggedFields(columns));
      // An edit that changes nothing is no entry (storedChanges drops unchanged fields; none left, none written).
      if (by && Object.values(changes).some(([b, a]) => JSON.stringify(b) !== JSON.stringify(a))) {
        await recordActivity(trx, { actor: by, action: 'coupon.updated', subject: { type: 'coupon', id, label: values.code }, shopId: shop.id, changes, at: now });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(values.code);
    throw error;
  }
}

/** Deletes a coupon no order used; a used one can only be switched off (its orders keep the snapshot). */
export async function deleteCoupon(db: DB, shop: Shop, id: number, by?: ActivityActor, now?: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await repo.findById(trx, shop.id, id);
    if (!row) throw notFound('Coupon not found');
    if (await repo.hasOrders(trx, Number(row.id))) throw conflict(`Coupon ${row.code} was used by orders: switch it off instead`);
    await repo.remove(trx, shop.id, id);
    if (by && now) await recordActivity(trx, { actor: by, action: 'coupon.deleted', subject: { type: 'coupon', id, label: row.code }, shopId: shop.id, at: now });
  });
}

/** Uses and discount given per coupon over the last 30 days (cancelled orders left out), most used first. */
export async function couponStats(db: DB, shop: Shop, now: Date) {
  const since = new Date(now.getTime() - STATS_DAYS * DAY_MS).toISOString();
  const rows = await repo.statsSince(db, shop.id, since);
  return rows
    .map((r) => ({ couponId: Number(r.coupon_id), code: r.code, uses: Number(r.uses), discount: Number(r.discount ?? 0), currency: shop.currency }))
    .sort((a, b) => b.uses - a.uses || a.code.localeCompare(b.code));
}

/** Who a checkout is, for "once per buyer": the account, and the email and the phone each compared normalised. */
export interface CouponBuyer {
  userId: number | null;
  email: string;
  phone: string;
}

/**
 * The keys a once-per-buyer use is recorded under. A guest is known by email and by phone (a new
 * email with the same phone is the same buyer, product-decisions 6); a signed-in buyer by the account
 * too, so signing out does not make a second use.
 */
function buyerKeys(buyer: CouponBuyer): string[] {
  const keys = [`e:${buyer.email.trim().toLowerCase()}`];
  const phone = phoneKey(buyer.phone);
  if (phone) keys.push(`p:${phone}`);
  if (buyer.userId !== null) keys.unshift(`u:${buyer.userId}`);
  return keys;
}

/** The refusal for a coupon that is not usable now, or null. An unknown or switched-off code reads the same: no code is confirmed. */
function refusalOf(row: repo.CouponRow | undefined, code: string, shopName: string, now: Date): string | null {
  if (!row) return `There is no coupon ${code} at ${shopName}`;
  const status = couponStatus(
    { isActive: row.is_active === 1, startsOn: row.starts_on, endsOn: row.ends_on, maxUses: row.max_uses === null ? null : Number(row.max_uses), usedCount: Number(row.used_count) },
    now,
  );
  if (status === 'off') return `There is no coupon ${code} at ${shopName}`;
  if (status === 'ended') return `Coupon ${code} has ended`;
  if (status === 'used_up') return `Coupon ${code} has been used up`;
  if (status === 'scheduled') return `Coupon ${code} is not active yet`;
  return null;
}

const alreadyUsed = (code: string) => `You have already used coupon ${code}`;

export function minimumMessage(terms: CouponTerms, currency: string, shopName: string): string {
  return `Coupon ${terms.code} needs an order of ${formatMoney(terms.minOrder ?? 0, currency)} from ${shopName}`;
}

/**
 * The cart's "Apply" (rate-limited by its router): the coupon's terms when the shop's code is usable
 * now, so the cart prices the group with the shared money rule; otherwise the refusal. A signed-in
 * buyer who used a once-per-buyer coupon hears so now; checkout checks every buyer again.
 */
export async function applyCoupon(db: DB, input: { shopId: number; code: string; userId: number | null; now: Date }) {
  const shop = await repo.publicShopName(db, input.shopId);
  if (!shop) throw notFound('Shop not found');
  const row = await repo.findByCode(db, input.shopId, input.code);
  const refusal = refusalOf(row, input.code, shop.name, input.now);
  if (refusal || !row) throw badRequest(refusal ?? `There is no coupon ${input.code} at ${shop.name}`, 'coupon');
  if (row.once_per_buyer === 1 && input.userId !== null && (await repo.usedByAny(db, Number(row.id), [`u:${input.userId}`]))) {
    throw badRequest(alreadyUsed(row.code), 'coupon');
  }
  return { shopId: input.shopId, ...toCouponTerms(row) };
}

/** A checkout's coupon for one shop: the row (its id and once-per-buyer) and its terms. */
export interface CheckoutCoupon {
  id: number;
  oncePerBuyer: boolean;
  terms: CouponTerms;
}

/**
 * In the checkout's transaction: each requested code of a shop the checkout orders from, read as the
 * database holds it now, refused when it is unknown to that shop, off, ended, not started or used up.
 * A code only ever touches its own shop's group; a code for a shop the cart does not order from is
 * left out.
 */
export async function checkoutCoupons(
  trx: DB,
  requested: ReadonlyArray<{ shopId: number; code: string }>,
  shopNames: ReadonlyMap<number, string>,
  now: Date,
): Promise<Map<number, CheckoutCoupon>> {
  const coupons = new Map<number, CheckoutCoupon>();
  for (const { shopId, code } of requested) {
    const shopName = shopNames.get(shopId);
    if (shopName === undefined) continue;
    const row = await repo.findByCode(trx, shopId, code);
    const refusal = refusalOf(row, code, shopName, now);
    if (refusal || !row) throw badRequest(refusal ?? `There is no coupon ${code} at ${shopName}`, 'coupon');
    coupons.set(shopId, { id: Number(row.id), oncePerBuyer: row.once_per_buyer === 1, terms: toCouponTerms(row) });
  }
  return coupons;
}

/** The refusal of a coupon whose minimum order the shop's goods do not reach. */
export function checkMinimum(coupon: CheckoutCoupon, goods: number, currency: string, shopName: string): void {
  if (!meetsMinimum(coupon.terms, goods)) throw badRequest(minimumMessage(coupon.terms, currency, shopName), 'coupon');
}

/**
 * In the checkout's transaction, once the order exists: counts the use (a conditional update: never
 * past the limit, whatever runs at the same moment) and, for a once-per-buyer coupon, claims the
 * buyer's keys (refused when any of them used it). A refusal throws, and the whole checkout rolls back.
 */
export async function redeemCoupon(trx: DB, coupon: CheckoutCoupon, orderId: number, buyer: CouponBuyer, now: Date): Promise<void> {
  if (!(await repo.claimUse(trx, coupon.id, now.toISOString()))) throw badRequest(`Coupon ${coupon.terms.code} has been used up`, 'coupon');
  await repo.insertUse(trx, coupon.id, orderId);
  if (coupon.oncePerBuyer && !(await repo.claimBuyerKeys(trx, coupon.id, orderId, buyerKeys(buyer)))) {
    throw badRequest(alreadyUsed(coupon.terms.code), 'coupon');
  }
}

/** In a cancel's transaction: the order's coupon use comes back, once (a returned order keeps it). */
export function giveCouponUseBack(trx: DB, orderId: number, now: Date): Promise<void> {
  return repo.giveUseBack(trx, orderId, now.toISOString());
}

/** The order's coupon columns: the snapshot of what it did (issue 32), or none. */
export function couponSnapshot(coupon: CheckoutCoupon | null, effect: CouponEffect | null) {
  if (!coupon || !effect) return { coupon_id: null, coupon_code: null, coupon_type: null, coupon_discount: 0 };
  return { coupon_id: coupon.id, coupon_code: effect.code, coupon_type: effect.type, coupon_discount: effect.saving };
}

/**
 * In the transaction that changes the shop's currency: its coupons' amounts follow, as its prices and
 * delivery fees do (the numbers the shopkeeper typed stay). Refused when one would pass the bound.
 */
export async function setCouponsCurrency(trx: DB, shopId: number, from: string, to: string, now: Date): Promise<void> {
  const factor = 10 ** (minorDigits(to) - minorDigits(from));
  if (factor === 1) return;
  const scale = (minor: number) => Math.max(1, Math.round(minor * factor));
  for (const row of await repo.listByShop(trx, shopId)) {
    const value = row.type === 'amount' ? scale(Number(row.value)) : Number(row.value);
    const minOrder = row.min_order === null ? null : scale(Number(row.min_order));
    if (value > MAX_COUPON_MINOR || (minOrder ?? 0) > MAX_COUPON_MINOR) {
      throw badRequest(`Coupon ${row.code} would be too large in ${to}: the highest is ${formatMoney(MAX_COUPON_MINOR, to)}. Lower it first.`);
    }
    await repo.setAmounts(trx, Number(row.id), { value, min_order: minOrder, updated_at: now.toISOString() });
  }
}
