import { randomInt } from 'node:crypto';
import { formatOrderNumber, orderDayKey } from '../../shared/order-number';
import { discountedPrice, taxAmount } from '../../shared/pricing';
import type { CheckoutInput } from '../../shared/schemas/checkout';
import { waLink } from '../../shared/whatsapp';
import { buildOrderMessage } from '../../shared/whatsapp-message';
import type { DB } from '../db/client';
import { AppError, badRequest } from '../errors';
import type { AppEvents } from '../events';
import { parseColors, parseSizes } from '../products/product-fields';
import { insertStatusEvent } from './order-status.repository';
import * as repo from './orders.repository';

export interface PlacedOrder {
  id: number;
  orderNumber: string;
  shopId: number;
  shopName: string;
  total: number;
  currency: string;
  whatsappUrl: string | null;
}

interface Line {
  productId: number;
  color: string | null;
  size: string | null;
  quantity: number;
}

/** Same product, color and size arriving twice is one line (the cart merges them too). */
function mergeLines(items: CheckoutInput['items']): Line[] {
  const lines = new Map<string, Line>();
  for (const item of items) {
    const key = `${item.productId}|${item.color ?? ''}|${item.size ?? ''}`;
    const line = lines.get(key);
    if (line) line.quantity += item.quantity;
    else lines.set(key, { productId: item.productId, color: item.color, size: item.size, quantity: item.quantity });
  }
  return [...lines.values()];
}

function isBusy(error: unknown): boolean {
  const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Places a checkout (product-decisions 2.5 and 2.6) in ONE transaction: every unit price comes from
 * the database (discount applied), inactive products or shops are refused, stock is taken with a
 * guarded UPDATE so it can never go negative, and one order is created per shop with its snapshots,
 * items, tax, a first 'pending' history row and an ORD- number from the day's sequence. When anything
 * is short the whole checkout fails and nothing is written. Announces each order after commit.
 */
export async function placeCheckout(
  db: DB,
  events: AppEvents,
  input: CheckoutInput & { buyerId: number | null; now: Date },
): Promise<PlacedOrder[]> {
  // Another process writing the same file (a second server, the seed CLI) can hold the write lock:
  // retry the whole transaction, yielding between attempts so the other writer can finish.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const orders = await db.transaction().execute((trx) => writeCheckout(trx, input));
      for (const order of orders) events.emit('order.created', { shopId: order.shopId, orderId: order.id, orderNumber: order.orderNumber });
      return orders;
    } catch (error) {
      if (!isBusy(error) || attempt >= 40) {
        if (isBusy(error)) throw new AppError('TOO_MANY_REQUESTS', 'The shop is busy right now. Please try again.');
        throw error;
      }
      await sleep(5 + Math.floor(Math.random() * 20));
    }
  }
}

async function writeCheckout(trx: DB, input: CheckoutInput & { buyerId: number | null; now: Date }): Promise<PlacedOrder[]> {
  const now = input.now.toISOString();
  const lines = mergeLines(input.items);
  const products = new Map((await repo.findCheckoutProducts(trx, [...new Set(lines.map((l) => l.productId))])).map((p) => [p.id, p]));

  const priced = lines.map((line) => {
    const product = products.get(line.productId);
    if (!product || product.is_active !== 1 || product.shop_active !== 1) {
      throw badRequest(product ? `"${product.name}" is no longer available` : 'A product in your cart is no longer available');
    }
    const colors = parseColors(product.colors);
    const sizes = parseSizes(product.sizes);
    const color = line.color?.toLowerCase() ?? null;
    if (colors.length > 0 ? !color || !colors.includes(color) : color !== null) {
      throw badRequest(colors.length > 0 ? `Please choose a color for "${product.name}"` : `"${product.name}" has no color choice`);
    }
    if (sizes.length > 0 ? !line.size || !sizes.includes(line.size) : line.size !== null) {
      throw badRequest(sizes.length > 0 ? `Please choose a size for "${product.name}"` : `"${product.name}" has no size choice`);
    }
    const unitPrice = discountedPrice(product.selling_price, { type: product.discount_type, value: product.discount_value });
    return { line: { ...line, color }, product, unitPrice, lineTotal: unitPrice * line.quantity };
  });

  for (const { line, product } of priced) {
    if (!(await repo.decrementStock(trx, product.id, line.quantity, now))) {
      const left = await repo.currentStock(trx, product.id);
      throw badRequest(
        left > 0
          ? `Only ${left} left of "${product.name}": please lower the quantity`
          : `"${product.name}" is out of stock`,
      );
    }
  }

  // One order per shop (and per currency, should a shop price products in two currencies).
  const byShop = new Map<string, typeof priced>();
  for (const entry of priced) {
    const key = `${entry.product.shop_id}|${entry.product.currency}`;
    byShop.set(key, [...(byShop.get(key) ?? []), entry]);
  }

  const placed: PlacedOrder[] = [];
  const day = orderDayKey(input.now);
  for (const entries of byShop.values()) {
    const shop = entries[0]!.product;
    const shopId = shop.shop_id;
    const currency = shop.currency;
    const subtotal = entries.reduce((sum, e) => sum + e.lineTotal, 0);
    const tax = taxAmount(subtotal, shop.tax_rate_bps);
    const total = subtotal + tax;
    const sequence = await repo.nextOrderSequence(trx, day);
    const orderNumber = formatOrderNumber(input.now, sequence, randomInt(0, 1_000_000));
    const { shipping } = input;
    const orderId = await repo.insertOrder(trx, {
      order_number: orderNumber,
      buyer_id: input.buyerId,
      shop_id: shopId,
      shop_name: shop.shop_name,
      shop_whatsapp: shop.shop_whatsapp,
      currency,
      buyer_name: shipping.fullName,
      buyer_email: shipping.email,
      buyer_phone: shipping.phone,
      ship_address: shipping.address,
      ship_city: shipping.city,
      ship_postal_code: shipping.postalCode,
      notes: shipping.notes,
      subtotal,
      tax,
      total,
      created_at: now,
      updated_at: now,
    });
    await repo.insertOrderItems(
      trx,
      entries.map((e) => ({
        order_id: orderId,
        product_id: e.product.id,
        product_name: e.product.name,
        image_url: e.product.image_url ?? null,
        color: e.line.color,
        size: e.line.size,
        unit_price: e.unitPrice,
        quantity: e.line.quantity,
        line_total: e.lineTotal,
      })),
    );
    await insertStatusEvent(trx, orderId, 'pending', input.buyerId, input.now);
    const message = buildOrderMessage({
      orderNumber,
      customerName: shipping.fullName,
      phone: shipping.phone,
      email: shipping.email,
      items: entries.map((e) => ({
        name: e.product.name,
        quantity: e.line.quantity,
        lineTotal: e.lineTotal,
        color: e.line.color,
        size: e.line.size,
      })),
      subtotal,
      tax,
      total,
      currency,
      address: shipping.address,
      city: shipping.city,
      postalCode: shipping.postalCode,
      notes: shipping.notes,
    });
    placed.push({ id: orderId, orderNumber, shopId, shopName: shop.shop_name, total, currency, whatsappUrl: waLink(shop.shop_whatsapp, message) });
  }
  return placed;
}
