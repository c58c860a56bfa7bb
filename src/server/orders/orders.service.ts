import { type ActivityActor, recordActivity } from '../activity/activity.service';
import { releaseBackInStock } from '../back-in-stock/back-in-stock.service';
import { createHash, randomInt } from 'node:crypto';
import { DEFAULT_MAX_UNITS_PER_PRODUCT, lineKeyString, mergeOrderLines, unitsPerProduct } from '../../shared/cart';
import type { OrderStatus } from '../../shared/constants';
import type { Language } from '../../shared/i18n/language';
import { formatOrderNumber, isOrderNumber, ORDER_NUMBER_RANDOM_RANGE, orderDayKey } from '../../shared/order-number';
import { buyerCanCancel, canTransition, statusLabel } from '../../shared/order-status';
import { deliveryFee, noDeliveryMessage } from '../../shared/delivery';
import { matchCity } from '../../shared/pakistan-cities';
import { shopOrderAmounts } from '../../shared/cart-summary';
import { commissionBase, commissionSplit, effectiveCommissionRate } from '../../shared/commission';
import { MAX_PRICE_MINOR } from '../../shared/pricing';
import type { CheckoutInput } from '../../shared/schemas/checkout';
import type { MailConfig } from '../config';
import { PAGE_SIZE } from '../../shared/schemas/pagination';
import { takeOrderedLines } from '../carts/carts.service';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { inGroupCommit, isBusy } from '../db/group-commit';
import { AppError, badRequest, conflict, notFound } from '../errors';
import type { AppEvents } from '../events';
import { offsetPage } from '../pagination';
import { parseColors, parseSizes } from '../products/product-fields';
import { unitPrice } from '../products/products.mapper';
import { productsWithShop, productVariants } from '../products/products.service';
import { findVariant, variantLabel, variantUnitPrice } from '../../shared/variants';
import { checkMinimum, checkoutCoupons, couponSnapshot, giveCouponUseBack, redeemCoupon } from '../coupons/coupons.service';
import { DEFAULT_COUNTRY_CODE, phoneKey } from '../../shared/phone';
import { deliveryRules } from '../shops/shops.service';
import { findSessionUser } from '../users/users.service';
import { DEFAULT_SITE_NAME } from '../../shared/page-titles';
import { siteIdentity } from '../settings/settings.service';
import { refuseStoppedShops } from '../billing/billing-settings.service';
import { oweCommission } from '../commission/commission.service';
import { DEFAULT_TRIAL_MINUTES } from '../../shared/constants';
import { toAdminOrderView, toOrderSummaryView, toOrderView, toPlacedOrder, toShopOrderView } from './orders.mapper';
import { buyerRecords, refuseBlocked, type Shipment } from './dispatch.service';
import { queueCheckoutEmails, queueStatusEmail, type WrittenOrder } from './order-emails';
import * as repo from './orders.repository';
import { setShipment } from './dispatch.repository';
// It writes translated texts: the catalogues are compiled at import, whichever entry (server, CLI, seeds) got here.
import '../i18n/languages';

/** How many guest orders one search by email shows at most. */
const GUEST_TRACKING_MAX = 50;

/** Reads the items and status history of `rows` and maps each order with them. */
async function withDetails<V>(
  db: DB,
  rows: repo.OrderRow[],
  map: (order: repo.OrderRow, items: repo.OrderItemRow[], history: repo.StatusEventRow[]) => V,
): Promise<V[]> {
  const ids = rows.map((o) => o.id);
  const [items, events] = await Promise.all([repo.listOrderItems(db, ids), repo.listStatusEvents(db, ids)]);
  const itemsOf = byOrder(items);
  const eventsOf = byOrder(events);
  return rows.map((o) => map(o, itemsOf.get(o.id) ?? [], eventsOf.get(o.id) ?? []));
}

/** Rows by their order's id, each order's in the order read. */
function byOrder<R extends { order_id: number }>(rows: readonly R[]): Map<number, R[]> {
  const of = new Map<number, R[]>();
  for (const row of rows) {
    const list = of.get(row.order_id);
    if (list) list.push(row);
    else of.set(row.order_id, [row]);
  }
  return of;
}

/** The signed-in buyer's own orders, newest first. */
export async function listBuyerOrders(db: DB, buyerId: number, page: { cursor?: number | null; limit: number }) {
  const offset = page.cursor ?? 0;
  const rows = await repo.listOrders(db, { buyerId }, { limit: page.limit + 1, offset });
  const { items, nextCursor } = offsetPage(rows, offset, page.limit);
  return { items: await withDetails(db, items, toOrderView), nextCursor };
}

/**
 * Guest tracking (spec sections 2 and 5): orders without a buyer, by order number (wins when both are
 * given) or by email. A number of another shape finds nothing. By email alone the orders come without
 * the address, phone and notes (product-decisions 4): knowing an email is not knowing the order.
 */
export async function trackGuestOrders(db: DB, by: { orderNumber: string; email: string }) {
  if (by.orderNumber) {
    if (!isOrderNumber(by.orderNumber)) return [];
    return withDetails(db, await repo.listOrders(db, { guestOrderNumber: by.orderNumber }, { limit: 1, offset: 0 }), toOrderView);
  }
  return withDetails(db, await repo.listOrders(db, { guestEmail: by.email }, { limit: GUEST_TRACKING_MAX, offset: 0 }), toOrderSummaryView);
}

/** One page of a shop's orders, newest first, optionally of one status, with the total count and each number's record. */
export async function listShopOrders(
  db: DB,
  shop: { id: number; name: string },
  page: { cursor?: number | null; status?: OrderStatus },
  links: { siteOrigin: string; countryCode: string },
) {
  const offset = page.cursor ?? 0;
  const filter = { shopId: shop.id, status: page.status };
  const [rows, total] = await Promise.all([
    repo.listOrders(db, filter, { limit: PAGE_SIZE + 1, offset }),
    repo.countShopOrders(db, shop.id, page.status),
  ]);
  const { items, nextCursor } = offsetPage(rows, offset, PAGE_SIZE);
  const records = await buyerRecords(db, shop.id, items.map((o) => o.buyer_phone_key));
  const views = await withDetails(db, items, (order, lines, history) =>
    toShopOrderView(order, lines, history, { shopName: shop.name, ...links, record: records.get(order.buyer_phone_key) ?? null }),
  );
  return { total, nextCursor, items: views };
}

/**
 * The admin's order lookup (issue 30): one page of the orders of any shop with the order number, buyer
 * email or compared phone, newest first, each with its shop, history, shipment, lines, totals and cash.
 */
export async function lookupOrders(db: DB, lookup: { by: 'orderNumber' | 'email' | 'phone'; value: string }, cursor?: number | null) {
  const offset = cursor ?? 0;
  const filter = { lookup };
  const [rows, total] = await Promise.all([repo.listOrders(db, filter, { limit: PAGE_SIZE + 1, offset }), repo.countOrders(db, filter)]);
  const { items, nextCursor } = offsetPage(rows, offset, PAGE_SIZE);
  return { total, nextCursor, items: await withDetails(db, items, toAdminOrderView) };
}

/** Who moves an order: its shop (`as`: how the activity log names them; left out by fixtures) or its buyer. */
export type StatusActor = { kind: 'shop'; shopId: number; userId: number; as?: ActivityActor } | { kind: 'buyer'; userId: number };

/**
 * Changes an order's status by the workflow, in one transaction: the owning shop moves it along; its
 * buyer may only cancel it while pending. Shipping keeps the courier and tracking number; cancelling
 * and a return give the stock back. Every change is recorded.
 * An order the actor may not touch is "not found", so its existence is not revealed.
 */
export async function changeOrderStatus(
  db: DB,
  events: AppEvents,
  input: { orderId: number; to: OrderStatus; actor: StatusActor; now: Date; shipment?: Shipment; mail?: MailConfig | null },
): Promise<{ id: number; status: OrderStatus }> {
  const { orderId, to, actor, now } = input;
  // A parcel leaves with a courier (product-decisions 6): shipping names one.
  if (to === 'shipped' && !input.shipment) throw badRequest('Choose a courier');
  const order = await inTransaction(db, async (trx) => {
    const current = await repo.findForStatusChange(trx, orderId);
    const mayAct =
      current &&
      (actor.kind === 'shop' ? current.shop_id === actor.shopId : current.buyer_id !== null && current.buyer_id === actor.userId);
    if (!current || !mayAct) throw notFound('Order not found');
    if (actor.kind === 'buyer' && !(to === 'cancelled' && buyerCanCancel(current.status))) {
      throw badRequest('Only a pending order can be cancelled');
    }
    if (!canTransition(current.status, to)) {
      throw badRequest(`An order that is ${statusLabel(current.status).toLowerCase()} cannot become ${to}`);
    }
    if (!(await repo.updateStatusFrom(trx, orderId, current.status, to, now))) {
      throw conflict('This order was just changed. Reload and try again.');
    }
    await repo.insertStatusEvent(trx, orderId, to, actor.userId, now);
    if (to === 'shipped' && input.shipment) await setShipment(trx, orderId, input.shipment, now);
    // A cancelled order's goods never left; a returned one's came back: either way they are for sale again.
    // The guarded status change above lets this run once per order.
    // Stock back above 0 tells the buyers waiting for it (issue 50), in this transaction.
    if (to === 'cancelled' || to === 'returned') await releaseBackInStock(trx, input.mail, await repo.restoreStock(trx, orderId), now);
    // A cancelled order gives its coupon use back, once; a returned one keeps it (product-decisions 6).
    if (to === 'cancelled') await giveCouponUseBack(trx, orderId, now);
    // Delivered: its frozen commission becomes owed, once (issue 48).
    if (to === 'delivered') await oweCommission(trx, orderId, now);
    if (input.mail) await queueStatusEmail(trx, input.mail, orderId, to, now, input.shipment);
    if (actor.kind === 'shop' && actor.as) {
      await recordActivity(trx, {
        actor: actor.as,
        action: 'order.status_changed',
        subject: { type: 'order', id: orderId, label: current.order_number },
        shopId: current.shop_id,
        changes: { status: [current.status, to], ...(input.shipment && { courier: [null, input.shipment.courier] }) },
        at: now,
      });
    }
    return current;
  });
  events.emit('order.updated', { shopId: order.shop_id, orderId, buyerId: order.buyer_id });
  return { id: orderId, status: to };
}

/** The moment and the operator's settings a checkout runs with. */
interface CheckoutOptions {
  now: Date;
  maxUnitsPerProduct?: number;
  /** DELIVERY_FEE_DEFAULT: what a shop without a rule charges, in major units of its currency (default 0). */
  deliveryFeeDefault?: string;
  /** The buyer's page language: the WhatsApp message to each shop and the emails are written in it (default English). */
  language?: Language;
  /** Email is configured: the receipts and the shops' new-order emails are written with the orders. */
  mail?: MailConfig | null;
  /** The marketplace's country code (AppConfig.countryCode), for the WhatsApp links to the shops; the router passes it (tests and seeds leave it out). */
  countryCode?: string;
  /** TRIAL_MINUTES: a shop whose owner's trial ended stops taking orders when the operator says so (issue 48). */
  trialMinutes?: number;
}

/** What the buyer is shown for each order a checkout placed. */
export type PlacedOrder = ReturnType<typeof toPlacedOrder>;

/**
 * Checkout for whoever holds the session: a session whose account is gone orders as a guest rather
 * than failing on the buyer reference.
 */
export async function checkout(
  db: DB,
  events: AppEvents,
  input: CheckoutInput & { sessionUserId: number | null } & CheckoutOptions,
): Promise<{ orders: PlacedOrder[] }> {
  const { sessionUserId, ...order } = input;
  const buyer = sessionUserId === null ? null : await findSessionUser(db, sessionUserId);
  return { orders: await placeCheckout(db, events, { ...order, buyerId: buyer?.id ?? null }) };
}

/**
 * Places a checkout (product-decisions 2.5 and 2.6) in ONE transaction: every unit price comes from
 * the database (discount applied), inactive products or shops are refused, stock is taken with a
 * guarded UPDATE so it can never go negative, and one order is created per shop with its snapshots,
 * items, tax, a first 'pending' history row and an ORD- number from the day's sequence. When anything
 * is short the whole checkout fails and nothing is written. Checkouts arriving together share one
 * transaction and its fsync, each in its own savepoint (db/group-commit.ts): the buyer is answered once
 * it committed. Announces each order after commit.
 */
export async function placeCheckout(
  db: DB,
  events: AppEvents,
  input: CheckoutInput & { buyerId: number | null } & CheckoutOptions,
): Promise<PlacedOrder[]> {
  let placed: Awaited<ReturnType<typeof placeAttemptOnce>>;
  try {
    placed = await inGroupCommit(db, (trx) => placeAttemptOnce(trx, input));
  } catch (error) {
    // Another process (a second server, the seed CLI) kept the write lock through every retry.
    if (isBusy(error)) throw new AppError('TOO_MANY_REQUESTS', 'The shop is busy right now. Please try again.', 'busy');
    throw error;
  }
  return placed.orders.map(({ shopId, ...order }) => {
    // A repeated attempt announces nothing: its orders were announced when they were placed.
    if (!placed.repeated && shopId !== null) events.emit('order.created', { shopId, orderId: order.id, orderNumber: order.orderNumber });
    return order;
  });
}

/**
 * Housekeeping: up to `limit` checkout attempts created before `before`. A retry carrying a pruned key
 * would place its orders again, so `before` must lie well behind any real retry (a tab's attempt lives
 * in its sessionStorage). The orders stay. Returns how many went.
 */
export function pruneCheckoutAttempts(db: DB, before: Date, limit: number): Promise<number> {
  return repo.deleteCheckoutAttemptsBefore(db, before, limit);
}

/**
 * Housekeeping: up to `limit` order-number sequences of UTC days before `before`'s. Only today's is
 * ever used; an older day's, were it asked again (a clock set back days), would start at 1 and its
 * numbers still differ by their random part. Returns how many went.
 */
export function pruneOrderSequences(db: DB, before: Date, limit: number): Promise<number> {
  return repo.deleteOrderSequencesBefore(db, orderDayKey(before), limit);
}

/** What a checkout attempt asks for, as the server reads it: a key reused for anything else is refused. */
function checkoutRequestHash(input: CheckoutInput & { buyerId: number | null }): string {
  const lines = mergeOrderLines(input.items)
    .map((l) => `${lineKeyString({ product_id: l.productId, color: l.color?.toLowerCase() ?? null, size: l.size })}*${l.quantity}`)
    .sort();
  const { fullName, email, phone, address, city, postalCode, notes } = input.shipping;
  const request: unknown[] = [input.buyerId, lines, fullName, email, phone, address, city, postalCode, notes];
  // The codes are part of what was asked (only when there are any: earlier attempts keep their hash).
  if (input.coupons && input.coupons.length > 0) request.push(input.coupons.map((c) => `${c.shopId}:${c.code}`).sort());
  return createHash('sha256').update(JSON.stringify(request)).digest('base64url');
}

/**
 * A checkout attempt placed at most once. Its key is claimed in the same transaction that places its
 * orders, and the key is unique: a second request with it (a retry, a double click, a reload, even
 * at the same moment) waits for the first's transaction and answers with the orders it placed, read
 * back from the database. A refused checkout rolls back with its key, so the attempt can be retried.
 * The key is scoped by what was asked: it answers only the same cart, shipping details and buyer, so
 * whoever holds someone's key learns nothing they did not already send.
 */
async function placeAttemptOnce(
  trx: DB,
  input: CheckoutInput & { buyerId: number | null } & CheckoutOptions,
): Promise<{ orders: Array<PlacedOrder & { shopId: number | null }>; repeated: boolean }> {
  if (!input.attemptKey) return { orders: await writeCheckout(trx, input, null), repeated: false };
  const requestHash = checkoutRequestHash(input);
  const claim = { attempt_key: input.attemptKey, request_hash: requestHash, created_at: input.now.toISOString() };
  const attemptId = await repo.claimCheckoutAttempt(trx, claim);
  if (attemptId !== undefined) return { orders: await writeCheckout(trx, input, attemptId), repeated: false };
  const earlier = await repo.findCheckoutAttempt(trx, input.attemptKey);
  if (earlier?.request_hash !== requestHash) {
    throw new AppError(
      'CONFLICT',
      'This checkout was already placed with other details. Please reload the page and place your order again.',
      'attempt_reused',
    );
  }
  const rows = await repo.listAttemptOrders(trx, earlier.id);
  const items = await repo.listOrderItems(trx, rows.map((o) => o.id));
  const itemsOf = byOrder(items);
  const site = await placedOn(trx);
  const orders = rows.map((o) => ({ ...toPlacedOrder(o, itemsOf.get(o.id) ?? [], input.language ?? 'en', input.countryCode ?? DEFAULT_COUNTRY_CODE, site), shopId: o.shop_id }));
  return { orders, repeated: true };
}

/**
 * The shop's WhatsApp message says where the order was placed: the marketplace's name from its settings,
 * once the operator has given it one (the default names nothing, as before issue 47).
 */
async function placedOn(trx: DB): Promise<string | undefined> {
  const { name } = await siteIdentity(trx);
  return name === DEFAULT_SITE_NAME ? undefined : name;
}

async function writeCheckout(
  trx: DB,
  input: CheckoutInput & { buyerId: number | null } & CheckoutOptions,
  attemptId: number | null,
): Promise<Array<PlacedOrder & { shopId: number }>> {
  const now = input.now.toISOString();
  const lines = mergeOrderLines(input.items);
  const products = new Map((await productsWithShop(trx, lines.map((l) => l.productId))).map((p) => [p.id, p]));
  const perVariant = [...products.values()].filter((p) => p.stock_mode === 'per_variant').map((p) => p.id);
  const variantRows = await productVariants(trx, perVariant);

  const priced = lines.map((line) => {
    const product = products.get(line.productId);
    // A hidden product's name is not public: it reads as unknown (the cart flags which line it is).
    if (!product || !product.is_public) throw badRequest('A product in your cart is no longer available', 'unavailable');
    // Prices are bounded on save; a row from before the bound must not make a total inexact.
    if (unitPrice(product) > MAX_PRICE_MINOR) throw badRequest(`"${product.name}" cannot be ordered right now`, 'unavailable');
    const colors = parseColors(product.colors);
    const sizes = parseSizes(product.sizes);
    const color = line.color?.toLowerCase() ?? null;
    if (colors.length > 0 ? !color || !colors.includes(color) : color !== null) {
      throw badRequest(colors.length > 0 ? `Please choose a color for "${product.name}"` : `"${product.name}" has no color choice`, 'validation');
    }
    if (sizes.length > 0 ? !line.size || !sizes.includes(line.size) : line.size !== null) {
      throw badRequest(sizes.length > 0 ? `Please choose a size for "${product.name}"` : `"${product.name}" has no size choice`, 'validation');
    }
    if (product.stock_mode !== 'per_variant') {
      const price = unitPrice(product);
      return { line: { ...line, color }, product, variant: null, unitPrice: price, lineTotal: price * line.quantity };
    }
    // Per variant: the line names one combination of the product, priced by its own price if it has one.
    const choice = { color, size: line.size };
    const rows = variantRows.filter((v) => v.product_id === product.id).map((v) => ({ ...v, color: v.color || null, size: v.size || null }));
    const variant = findVariant(rows, choice);
    if (!variant) throw badRequest(`"${product.name}" is not sold in ${variantLabel(choice)}`, 'validation');
    if ((variant.price ?? 0) > MAX_PRICE_MINOR) throw badRequest(`"${product.name}" cannot be ordered right now`, 'unavailable');
    const price = variantUnitPrice(product.selling_price, { type: product.discount_type, value: product.discount_value }, variant.price);
    return { line: { ...line, color }, product, variant: { label: variantLabel(choice), sku: variant.sku }, unitPrice: price, lineTotal: price * line.quantity };
  });

  // One order per shop (and per currency, should a shop price products in two currencies).
  const byShop = new Map<string, typeof priced>();
  for (const entry of priced) {
    const key = `${entry.product.shop_id}|${entry.product.currency}`;
    byShop.set(key, [...(byShop.get(key) ?? []), entry]);
  }

  // Each shop's delivery fee from its rule as the database holds it now, in this transaction: the
  // client never sends a fee (anything it sends is dropped by the schema). A shop that does not
  // deliver to the city refuses the whole checkout, named, before any stock is taken.
  const rules = await deliveryRules(trx, [...new Set(priced.map((e) => e.product.shop_id))], input.deliveryFeeDefault ?? '0');
  // Each shop's coupon as the database holds it now (issue 32): refused here, before anything is written.
  const coupons = await checkoutCoupons(trx, input.coupons ?? [], new Map(priced.map((e) => [e.product.shop_id, e.product.shop_name])), input.now);
  const groups = [...byShop.values()].map((entries) => {
    const shop = entries[0]!.product;
    const subtotal = entries.reduce((sum, e) => sum + e.lineTotal, 0);
    const delivery = rules.get(shop.shop_id);
    // A product's currency is its shop's (product-decisions 4): a fee is never charged in another.
    if (!delivery || delivery.currency !== shop.currency) throw badRequest(`"${shop.name}" cannot be ordered right now`, 'unavailable');
    const coupon = coupons.get(shop.shop_id) ?? null;
    if (coupon) checkMinimum(coupon, subtotal, shop.currency, shop.shop_name);
    // The one money rule (cart-summary.ts): goods → coupon → tax → delivery on the goods after the coupon → total.
    const amounts = shopOrderAmounts(subtotal, shop.tax_rate_bps, coupon?.terms ?? null, (goods) => deliveryFee(delivery.rule, goods, input.shipping.city));
    if (!amounts.delivery.deliverable) throw badRequest(noDeliveryMessage(shop.shop_name, input.shipping.city), 'no_delivery');
    return { entries, subtotal, amounts, basis: amounts.delivery.basis, coupon };
  });

  // A shop that blocked the buyer's number refuses the whole checkout, named, before any stock is taken.
  await refuseBlocked(
    trx,
    groups.map(({ entries: [first] }) => ({ id: first!.product.shop_id, name: first!.product.shop_name, whatsapp: first!.product.shop_whatsapp })),
    input.shipping.phone,
    input.countryCode ?? DEFAULT_COUNTRY_CODE,
  );

  // A shop whose trial or plan ended, when the operator stops their orders (issue 48): refused before any stock is taken.
  const billing = await refuseStoppedShops(trx, [...new Set(priced.map((e) => e.product.shop_id))], input.now, input.trialMinutes ?? DEFAULT_TRIAL_MINUTES);

  // One buyer cannot take a product's whole stock: units per product per order, after merging.
  const maxUnits = input.maxUnitsPerProduct ?? DEFAULT_MAX_UNITS_PER_PRODUCT;
  for (const [productId, units] of unitsPerProduct(lines)) {
    if (units > maxUnits) {
      throw badRequest(`You can order at most ${maxUnits} of "${products.get(productId)!.name}" in one order`, 'limit');
    }
  }

  for (const { line, product, variant } of priced) {
    if (variant) {
      const key = { productId: product.id, color: line.color, size: line.size };
      if (await repo.decrementVariantStock(trx, key, line.quantity)) continue;
      const left = await repo.currentVariantStock(trx, key);
      throw badRequest(
        left > 0 ? `Only ${left} left of ${product.name} (${variant.label})` : `${product.name} (${variant.label}) is out of stock`,
        'stock',
      );
    }
    if (!(await repo.decrementStock(trx, product.id, line.quantity, now))) {
      const left = await repo.currentStock(trx, product.id);
      throw badRequest(
        left > 0
          ? `Only ${left} left of "${product.name}": please lower the quantity`
          : `"${product.name}" is out of stock`,
        'stock',
      );
    }
  }

  const day = orderDayKey(input.now);
  const sequences = await repo.nextOrderSequences(trx, day, groups.length);
  const { shipping } = input;
  const drafts = groups.map(({ entries, subtotal, amounts, basis, coupon }, i) => {
    const shop = entries[0]!.product;
    // Commission frozen now (issue 48): the shop's rate or the marketplace's, on the goods after the coupon, rounded once.
    const commissionRate = effectiveCommissionRate(shop.shop_commission_rate_bps, billing.commissionRateBps);
    const base = commissionBase(amounts);
    const order = {
      order_number: formatOrderNumber(input.now, sequences[i]!, randomInt(0, ORDER_NUMBER_RANDOM_RANGE)),
      buyer_id: input.buyerId,
      shop_id: shop.shop_id,
      shop_name: shop.shop_name,
      shop_whatsapp: shop.shop_whatsapp,
      currency: shop.currency,
      buyer_name: shipping.fullName,
      buyer_email: shipping.email,
      buyer_phone: shipping.phone,
      buyer_phone_key: phoneKey(shipping.phone),
      buyer_language: input.language ?? 'en',
      ship_address: shipping.address,
      ship_city: shipping.city,
      ship_city_id: matchCity(shipping.city)?.id ?? null,
      ship_postal_code: shipping.postalCode,
      notes: shipping.notes,
      subtotal,
      tax: amounts.tax,
      delivery_fee: amounts.fee,
      delivery_basis: basis,
      total: amounts.total,
      commission_rate_bps: commissionRate,
      commission_base: base,
      commission: commissionSplit(base, commissionRate).commission,
      ...couponSnapshot(coupon, amounts.coupon),
      // The shop's policies as the buyer read them at checkout (issue 47): a later change leaves the order's.
      returns_policy: shop.shop_returns_policy,
      delivery_time: shop.shop_delivery_time,
      checkout_attempt_id: attemptId,
      created_at: now,
      updated_at: now,
    };
    const items = entries.map((e) => ({
      product_id: e.product.id,
      product_name: e.product.name,
      image_url: e.product.thumb_url,
      color: e.line.color,
      size: e.line.size,
      variant_label: e.variant?.label ?? null,
      sku: e.variant?.sku ?? null,
      unit_price: e.unitPrice,
      quantity: e.line.quantity,
      line_total: e.lineTotal,
    }));
    return { order, items };
  });
  const ids = await repo.insertOrders(trx, drafts, { status: 'pending', actorId: input.buyerId, at: now });

  const placed: Array<PlacedOrder & { shopId: number }> = [];
  const written: WrittenOrder[] = [];
  const site = await placedOn(trx);
  for (const [i, { order, items }] of drafts.entries()) {
    const orderId = ids[i]!;
    const coupon = groups[i]!.coupon;
    if (coupon) await redeemCoupon(trx, coupon, orderId, { userId: input.buyerId, email: shipping.email, phone: shipping.phone }, input.now);
    placed.push({ ...toPlacedOrder({ id: orderId, ...order }, items, input.language ?? 'en', input.countryCode ?? DEFAULT_COUNTRY_CODE, site), shopId: order.shop_id });
    written.push({ order, items: items.map((item) => ({ ...item, order_id: orderId })) });
  }
  if (input.buyerId !== null) await takeOrderedLines(trx, input.buyerId, lines, input.now);
  if (input.mail) await queueCheckoutEmails(trx, input.mail, written, { language: input.language ?? 'en', countryCode: input.countryCode ?? DEFAULT_COUNTRY_CODE }, input.now);
  return placed;
}
