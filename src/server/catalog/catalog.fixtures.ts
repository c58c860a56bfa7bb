import type { DB } from '../db/client';
import { createUser } from '../testing/test-app';

/** Shops and products written straight to a test database, for the buyer-side tests. */

let counter = 0;

export async function createShop(
  db: DB,
  options: { name?: string; slug?: string; currency?: string; taxRateBps?: number; isActive?: boolean; whatsapp?: string; description?: string } = {},
) {
  counter += 1;
  const ownerId = await createUser(db, { roles: ['shopkeeper'], isPro: true });
  const name = options.name ?? `Shop ${counter}`;
  const row = await db
    .insertInto('shops')
    .values({
      owner_id: ownerId,
      name,
      slug: options.slug ?? `shop-${counter}-${Math.random().toString(36).slice(2, 8)}`,
      description: options.description ?? `The ${name} description`,
      whatsapp_number: options.whatsapp ?? '+92 300 1234567',
      currency: options.currency ?? 'PKR',
      tax_rate_bps: options.taxRateBps ?? 0,
      is_active: options.isActive === false ? 0 : 1,
    })
    .returning(['id', 'slug', 'name'])
    .executeTakeFirstOrThrow();
  return { ...row, ownerId };
}

export async function createCategory(db: DB, shopId: number, name: string) {
  const row = await db
    .insertInto('categories')
    .values({ shop_id: shopId, name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') })
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function createProduct(
  db: DB,
  shopId: number,
  options: {
    name?: string;
    brand?: string;
    price?: number;
    currency?: string;
    stock?: number;
    discountType?: 'percent' | 'fixed' | null;
    discountValue?: number | null;
    colors?: string[];
    sizes?: string[];
    categoryId?: number | null;
    isActive?: boolean;
    createdAt?: string;
    descriptionHtml?: string;
    image?: { url: string; thumbUrl: string };
  } = {},
) {
  counter += 1;
  const name = options.name ?? `Product ${counter}`;
  const row = await db
    .insertInto('products')
    .values({
      shop_id: shopId,
      category_id: options.categoryId ?? null,
      name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${counter}${Math.random().toString(36).slice(2, 6)}`,
      brand: options.brand ?? '',
      description_html: options.descriptionHtml ?? '<p>Nice.</p>',
      selling_price: options.price ?? 10_000,
      currency: options.currency ?? 'PKR',
      stock_amount: options.stock ?? 50,
      unit: 'pieces',
      colors: JSON.stringify(options.colors ?? []),
      sizes: JSON.stringify(options.sizes ?? []),
      discount_type: options.discountType ?? null,
      discount_value: options.discountValue ?? null,
      is_active: options.isActive === false ? 0 : 1,
      created_at: options.createdAt ?? new Date(Date.UTC(2026, 0, 1) + counter * 1000).toISOString(),
    })
    .returning(['id', 'slug', 'name'])
    .executeTakeFirstOrThrow();
  if (options.image) {
    await db
      .insertInto('product_images')
      .values({ product_id: row.id, url: options.image.url, thumb_url: options.image.thumbUrl, position: 0, is_primary: 1 })
      .execute();
  }
  return row;
}

export const SHIPPING = {
  fullName: 'Ayesha Khan',
  email: 'Ayesha@Example.test',
  phone: '+92 300 7654321',
  address: '12 Mall Road',
  city: 'Lahore',
  postalCode: '54000',
  notes: 'Ring twice',
};
