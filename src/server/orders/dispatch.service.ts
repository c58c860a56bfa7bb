import { type ActivityActor, recordActivity } from '../activity/activity.service';
import { waLink } from '../../shared/whatsapp';
import type { OrderStatus } from '../../shared/constants';
import { phoneKey } from '../../shared/phone';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { badRequest, notFound } from '../errors';
import type { AppEvents } from '../events';
import * as repo from './dispatch.repository';

/** How many numbers one shop's block list holds at most. */
export const MAX_BLOCKED_PHONES = 1000;

/** A shipment as an order keeps it (shared/schemas/shipment.ts toShipment). */
export interface Shipment {
  courier: string;
  trackingNumber: string | null;
}

/** A number's orders with one shop, as its order cards show them (product-decisions 6). */
export interface BuyerRecord {
  delivered: number;
  returned: number;
  cancelled: number;
  blocked: boolean;
}

/**
 * Corrects the courier and tracking number of a shipped order of the shop. Another shop's order is
 * "not found"; an order not (or no longer) shipped is refused.
 */
export async function updateShipment(
  db: DB,
  events: AppEvents,
  input: { orderId: number; shopId: number; shipment: Shipment; now: Date },
): Promise<{ id: number } & Shipment> {
  const order = await inTransaction(db, async (trx) => {
    const current = await repo.findForDispatch(trx, input.orderId);
    if (!current || current.shop_id !== input.shopId) throw notFound('Order not found');
    if (current.status !== 'shipped') throw badRequest('Only a shipped order’s courier and tracking number can be changed');
    await repo.setShipment(trx, input.orderId, input.shipment, input.now);
    return current;
  });
  events.emit('order.updated', { shopId: input.shopId, orderId: order.id, buyerId: order.buyer_id });
  return { id: order.id, ...input.shipment };
}

/**
 * The ordering side of the block list: the named shop refuses a checkout from one of its blocked
 * numbers. The refusal names the Phone field and the shop's WhatsApp, so the checkout shows it beside
 * the number with a way to reach the shop.
 */
export async function refuseBlocked(trx: DB, shops: ReadonlyArray<{ id: number; name: string; whatsapp: string }>, phone: string, countryCode: string): Promise<void> {
  const ids = shops.map((s) => s.id);
  await repo.lockBlockListsShared(trx, ids);
  const blocking = await repo.shopsBlocking(trx, ids, phoneKey(phone));
  const shop = shops.find((s) => blocking.includes(s.id));
  if (shop) {
    throw badRequest(`${shop.name} does not take cash on delivery orders from this phone number. Contact the shop on WhatsApp.`, 'blocked', {
      field: 'shipping.phone',
      refusedBy: { shop: shop.name, whatsappUrl: waLink(shop.whatsapp, countryCode) },
    });
  }
}

/**
 * Puts the phone number of one of the shop's orders on its block list (a number already there stays
 * as it was). Checkouts of the shop that began reading the list before commit finish first; later ones
 * are refused (dispatch.repository lockBlockList).
 */
/** A number as the activity log names it: its last four digits only (a buyer's number is not the log's to keep). */
const maskedNumber = (phoneKey: string) => `…${phoneKey.slice(-4)}`;

export async function blockOrderPhone(db: DB, input: { orderId: number; shopId: number; now: Date; by?: ActivityActor }): Promise<{ phoneKey: string }> {
  return inTransaction(db, async (trx) => {
    await repo.lockBlockList(trx, input.shopId);
    const order = await repo.findForDispatch(trx, input.orderId);
    if (!order || order.shop_id !== input.shopId) throw notFound('Order not found');
    if (order.buyer_phone_key === '') throw badRequest('This order has no phone number to block');
    if ((await repo.blockedAmong(trx, input.shopId, [order.buyer_phone_key])).size === 0) {
      if ((await repo.countBlocked(trx, input.shopId)) >= MAX_BLOCKED_PHONES) {
        throw badRequest(`A shop can block at most ${MAX_BLOCKED_PHONES.toLocaleString('en-US')} numbers. Unblock some first.`);
      }
      await repo.insertBlocked(trx, { shop_id: input.shopId, phone_key: order.buyer_phone_key, phone: order.buyer_phone, created_at: input.now.toISOString() });
      if (input.by) {
        await recordActivity(trx, {
          actor: input.by,
          action: 'blocked_number.added',
          subject: { type: 'blocked_number', id: maskedNumber(order.buyer_phone_key), label: maskedNumber(order.buyer_phone_key) },
          shopId: input.shopId,
          changes: { blocked: [false, true], order: [null, input.orderId] },
          at: input.now,
        });
      }
    }
    return { phoneKey: order.buyer_phone_key };
  });
}

/** Takes a number off the shop's block list (by the compared number the list shows). */
export async function unblockPhone(db: DB, input: { shopId: number; phoneKey: string; by?: ActivityActor; now?: Date }): Promise<{ phoneKey: string }> {
  return inTransaction(db, async (trx) => {
    await repo.lockBlockList(trx, input.shopId);
    if (!(await repo.deleteBlocked(trx, input.shopId, input.phoneKey))) throw notFound('This number is not on your block list');
    if (input.by && input.now) {
      await recordActivity(trx, {
        actor: input.by,
        action: 'blocked_number.removed',
        subject: { type: 'blocked_number', id: maskedNumber(input.phoneKey), label: maskedNumber(input.phoneKey) },
        shopId: input.shopId,
        changes: { blocked: [true, false] },
        at: input.now,
      });
    }
    return { phoneKey: input.phoneKey };
  });
}

/** The shop's block list, newest first. */
export async function listBlockedPhones(db: DB, shopId: number) {
  const rows = await repo.listBlocked(db, shopId);
  return rows.map((r) => ({ phoneKey: r.phone_key, phone: r.phone, blockedAt: r.created_at }));
}

/** Each number's record with the shop (its own orders only), for the order cards of one page. */
export async function buyerRecords(db: DB, shopId: number, phoneKeys: readonly string[]): Promise<Map<string, BuyerRecord>> {
  const keys = [...new Set(phoneKeys.filter((k) => k !== ''))];
  const [counts, blocked] = await Promise.all([repo.recordCounts(db, shopId, keys), repo.blockedAmong(db, shopId, keys)]);
  const records = new Map<string, BuyerRecord>(keys.map((k) => [k, { delivered: 0, returned: 0, cancelled: 0, blocked: blocked.has(k) }]));
  const counted: ReadonlySet<OrderStatus> = new Set(['delivered', 'returned', 'cancelled']);
  for (const row of counts) {
    const record = records.get(row.buyer_phone_key);
    if (record && counted.has(row.status)) record[row.status as 'delivered' | 'returned' | 'cancelled'] = Number(row.n);
  }
  return records;
}
