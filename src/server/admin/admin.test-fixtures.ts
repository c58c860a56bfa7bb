import sharp from 'sharp';
import type { DB } from '../db/client';
import { storeImage } from '../uploads/uploads.service';

/** Test data for the admin tests: a shop with uploaded pictures, a category, products with images, reviews and an order. */

export const tinyPng = (color = { r: 20, g: 120, b: 200 }) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: color } }).png().toBuffer();

let seq = 0;

export async function insertShop(db: DB, ownerId: number, options: { uploadsDir?: string; now?: Date; name?: string } = {}) {
  seq += 1;
  const now = (options.now ?? new Date('2026-06-01T12:00:00.000Z')).toISOString();
  const logo = options.uploadsDir ? await storeImage(db, options.uploadsDir, ownerId, await tinyPng(), new Date(now)) : null;
  const cover = options.uploadsDir ? await storeImage(db, options.uploadsDir, ownerId, await tinyPng({ r: 1, g: 2, b: 3 }), new Date(now)) : null;
  const { id } = await db
    .insertInto('shops')
    .values({
      owner_id: ownerId,
      name: options.name ?? `Shop ${seq}`,
      slug: `shop-${seq}-${Math.random().toString(36).slice(2, 8)}`,
      description: 'A test shop',
      whatsapp_number: '15551234567',
      currency: 'USD',
      logo_url: logo?.url ?? null,
      cover_image_url: cover?.url ?? null,
      profile_picture_url: null,
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, logoUrl: logo?.url ?? null, coverUrl: cover?.url ?? null };
}

export async function insertProduct(
  db: DB,
  shopId: number,
  options: { ownerId?: number; uploadsDir?: string; name?: string; price?: number; categoryId?: number | null } = {},
) {
  seq += 1;
  const now = new Date('2026-06-01T12:00:00.000Z').toISOString();
  const { id } = await db
    .insertInto('products')
    .values({
      shop_id: shopId,
      category_id: options.categoryId ?? null,
      name: options.name ?? `Product ${seq}`,
      slug: `product-${seq}-${Math.random().toString(36).slice(2, 8)}`,
      selling_price: options.price ?? 1999,
      purchase_price: null,
      currency: 'USD',
      stock_amount: 7,
      unit: 'pieces',
      manufacturing_date: null,
      expiry_date: null,
      discount_type: null,
      discount_value: null,
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let image: { url: string; thumbUrl: string } | null = null;
  if (options.uploadsDir && options.ownerId) {
    image = await storeImage(db, options.uploadsDir, options.ownerId, await tinyPng({ r: 90, g: 90, b: 9 }), new Date(now));
    await db
      .insertInto('product_images')
      .values({ product_id: id, url: image.url, thumb_url: image.thumbUrl, position: 0, is_primary: 1 })
      .execute();
  }
  return { id, image };
}

export async function insertCategory(db: DB, shopId: number) {
  seq += 1;
  const { id } = await db
    .insertInto('categories')
    .values({ shop_id: shopId, name: `Cat ${seq}`, slug: `cat-${seq}`, icon_url: null, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertReviews(db: DB, shopId: number, productId: number, userId: number) {
  const now = new Date().toISOString();
  await db.insertInto('shop_reviews').values({ shop_id: shopId, user_id: userId, rating: 5, comment: 'Great', created_at: now, updated_at: now }).execute();
  await db.insertInto('product_reviews').values({ product_id: productId, user_id: userId, rating: 4, comment: null, created_at: now, updated_at: now }).execute();
}

export async function insertOrder(db: DB, shopId: number, buyerId: number, productId: number) {
  seq += 1;
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('orders')
    .values({
      order_number: `ORD-20260601-${String(seq).padStart(4, '0')}-123456`,
      buyer_id: buyerId,
      shop_id: shopId,
      shop_name: 'Snapshot Shop',
      shop_whatsapp: '15551234567',
      currency: 'USD',
      buyer_name: 'Buyer',
      buyer_email: 'buyer@example.test',
      buyer_phone: '+15550000000',
      ship_address: '1 Road',
      ship_city: 'Town',
      ship_postal_code: '12345',
      subtotal: 1999,
      total: 1999,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values({ order_id: id, product_id: productId, product_name: 'Snapshot Product', image_url: null, color: null, size: null, unit_price: 1999, quantity: 1, line_total: 1999 })
    .execute();
  return id;
}
