import { randomInt } from 'node:crypto';
import type { OrderStatus } from '../../src/shared/constants';
import { formatOrderNumber, orderDayKey } from '../../src/shared/order-number';
import { discountedPrice, taxAmount } from '../../src/shared/pricing';
import { productInputSchema } from '../../src/shared/schemas/product';
import type { DB } from '../../src/server/db/client';
import { nextOrderSequence } from '../../src/server/orders/orders.repository';
import { createProduct } from '../../src/server/products/products.service';
import { createShop, updateShopSettings } from '../../src/server/shops/shops.service';
import { storeImage } from '../../src/server/uploads/uploads.service';
import { bannerImage, coverImage, logoImage, productImage, type ShapeName } from './demo-images';

/**
 * Demo shops, products, orders, reviews and sliders for an empty database, written through the same
 * services as the app (uploads are real files with upload rows), so the demo behaves like real data.
 */

interface DemoProduct {
  name: string;
  brand: string;
  category: string;
  price: string;
  stock: number;
  shape: ShapeName;
  colors?: string[];
  sizes?: string[];
  discount?: { type: 'percent' | 'fixed'; value: string };
  fields?: Array<{ name: string; value: string }>;
  description: string;
}

interface DemoShop {
  ownerEmail: string;
  name: string;
  slug: string;
  description: string;
  currency: 'PKR' | 'USD' | 'EUR' | 'GBP';
  taxRate: string;
  whatsapp: string;
  initials: string;
  color: string;
  coverFrom: string;
  coverTo: string;
  products: DemoProduct[];
}

export const DEMO_SHOPS: DemoShop[] = [
  {
    ownerEmail: 'shop@demo.test',
    name: "Sara's Boutique",
    slug: 'saras-boutique',
    description: 'Hand-picked lawn, kurtas and accessories from Lahore.',
    currency: 'PKR',
    taxRate: '0',
    whatsapp: '+92 300 1112233',
    initials: 'SB',
    color: '#c2255c',
    coverFrom: '#c2255c',
    coverTo: '#f59f00',
    products: [
      { name: 'Embroidered Lawn Kurta', brand: 'Sara', category: 'Kurtas', price: '4500', stock: 25, shape: 'shirt', colors: ['#c2255c', '#1c7ed6', '#f8f9fa'], sizes: ['S', 'M', 'L', 'XL'], discount: { type: 'percent', value: '20' }, fields: [{ name: 'Fabric', value: 'Lawn' }], description: '<p>Light <strong>summer lawn</strong> with hand embroidery on the neckline.</p><ul><li>Machine washable</li><li>Breathable cotton</li></ul>' },
      { name: 'Chiffon Dupatta', brand: 'Sara', category: 'Accessories', price: '1800', stock: 6, shape: 'bag', colors: ['#e64980', '#845ef7'], description: '<p>Flowing chiffon dupatta with a printed border.</p>' },
      { name: 'Cotton Shalwar', brand: 'Sara', category: 'Kurtas', price: '1500', stock: 40, shape: 'shirt', colors: ['#212529', '#f8f9fa'], sizes: ['M', 'L'], description: '<p>Everyday cotton shalwar with an elastic waist.</p>' },
      { name: 'Leather Handbag', brand: 'Lahore Leather', category: 'Accessories', price: '7900', stock: 8, shape: 'bag', colors: ['#8b5a2b', '#212529'], discount: { type: 'fixed', value: '900' }, fields: [{ name: 'Material', value: 'Cow leather' }], description: '<p>Hand-stitched leather handbag with two inner pockets.</p>' },
      { name: 'Khussa Slippers', brand: 'Multan Craft', category: 'Footwear', price: '2200', stock: 0, shape: 'bag', sizes: ['37', '38', '39', '40'], description: '<p>Traditional embroidered khussa, soft sole.</p>' },
    ],
  },
  {
    ownerEmail: 'gadgets@demo.test',
    name: 'Gadget Hub',
    slug: 'gadget-hub',
    description: 'Phones, audio and smart accessories with a one-year warranty.',
    currency: 'USD',
    taxRate: '8.25',
    whatsapp: '+1 555 010 2030',
    initials: 'GH',
    color: '#1c7ed6',
    coverFrom: '#1864ab',
    coverTo: '#15aabf',
    products: [
      { name: 'Nova X Smartphone', brand: 'Nova', category: 'Phones', price: '499.00', stock: 15, shape: 'phone', colors: ['#212529', '#adb5bd', '#1c7ed6'], sizes: ['128 GB', '256 GB'], discount: { type: 'percent', value: '10' }, fields: [{ name: 'Warranty', value: '1 year' }, { name: 'Screen', value: '6.5 inch OLED' }], description: '<h2>Fast and bright</h2><p>A 6.5 inch OLED screen and all-day battery.</p>' },
      { name: 'Studio Wireless Headphones', brand: 'Sonic', category: 'Audio', price: '149.99', stock: 4, shape: 'headphones', colors: ['#212529', '#f8f9fa'], description: '<p>Noise cancelling, 30 hours of battery.</p>' },
      { name: 'Fitness Watch', brand: 'Pulse', category: 'Wearables', price: '89.50', stock: 30, shape: 'watch', colors: ['#212529', '#e03131', '#2f9e44'], discount: { type: 'fixed', value: '10' }, description: '<p>Heart rate, steps and sleep tracking.</p>' },
      { name: 'USB-C Fast Charger', brand: 'Volt', category: 'Accessories', price: '24.00', stock: 100, shape: 'jar', description: '<p>65 W charger for phones and laptops.</p>' },
      { name: 'Bluetooth Speaker', brand: 'Sonic', category: 'Audio', price: '59.00', stock: 12, shape: 'headphones', colors: ['#1c7ed6', '#fd7e14'], description: '<p>Waterproof speaker with deep bass.</p>' },
    ],
  },
  {
    ownerEmail: 'grocer@demo.test',
    name: 'Green Grocer',
    slug: 'green-grocer',
    description: 'Fresh fruit, honey and pantry staples from local farms.',
    currency: 'EUR',
    taxRate: '7',
    whatsapp: '+49 151 2345678',
    initials: 'GG',
    color: '#2f9e44',
    coverFrom: '#2b8a3e',
    coverTo: '#94d82d',
    products: [
      { name: 'Organic Apples', brand: 'Farm Fresh', category: 'Fruit', price: '3.20', stock: 50, shape: 'fruit', description: '<p>Crisp organic apples, sold per kilogram.</p>' },
      { name: 'Wildflower Honey', brand: 'Bee Happy', category: 'Pantry', price: '8.90', stock: 9, shape: 'jar', discount: { type: 'percent', value: '15' }, fields: [{ name: 'Weight', value: '500 g' }], description: '<p>Raw wildflower honey in a glass jar.</p>' },
      { name: 'Blood Oranges', brand: 'Farm Fresh', category: 'Fruit', price: '4.10', stock: 35, shape: 'fruit', description: '<p>Sweet Sicilian blood oranges.</p>' },
      { name: 'Olive Oil', brand: 'Oliva', category: 'Pantry', price: '12.50', stock: 20, shape: 'jar', description: '<p>Cold-pressed extra virgin olive oil, 1 liter.</p>' },
      { name: 'Strawberry Jam', brand: 'Bee Happy', category: 'Pantry', price: '4.50', stock: 3, shape: 'jar', description: '<p>Small-batch jam, 70% fruit.</p>' },
    ],
  },
  {
    ownerEmail: 'books@demo.test',
    name: 'Camden Books',
    slug: 'camden-books',
    description: 'New and second-hand books, posted across the UK.',
    currency: 'GBP',
    taxRate: '0',
    whatsapp: '+44 7700 900123',
    initials: 'CB',
    color: '#6741d9',
    coverFrom: '#5f3dc4',
    coverTo: '#e64980',
    products: [
      { name: 'The Long Harbour', brand: 'Penrose Press', category: 'Fiction', price: '9.99', stock: 14, shape: 'book', colors: ['#6741d9'], description: '<p>A family saga across three generations.</p>' },
      { name: 'Cooking with Spice', brand: 'Kitchen House', category: 'Cookery', price: '18.00', stock: 7, shape: 'book', discount: { type: 'fixed', value: '3' }, description: '<p>120 recipes from South Asia.</p>' },
      { name: 'Notebook Set', brand: 'Camden', category: 'Stationery', price: '6.50', stock: 60, shape: 'book', colors: ['#212529', '#c92a2a', '#1c7ed6'], sizes: ['A5', 'A4'], description: '<p>Three dotted notebooks, 120 pages each.</p>' },
      { name: 'Classic Poems', brand: 'Penrose Press', category: 'Poetry', price: '7.25', stock: 11, shape: 'book', description: '<p>A pocket anthology of English poetry.</p>' },
      { name: 'Brass Watch', brand: 'Camden', category: 'Gifts', price: '45.00', stock: 5, shape: 'watch', colors: ['#d4a017'], description: '<p>A gift watch with a brass case.</p>' },
    ],
  },
];

export const EXTRA_SHOPKEEPERS = ['gadgets@demo.test', 'grocer@demo.test', 'books@demo.test'];
export const EXTRA_BUYERS = [
  { email: 'ali@demo.test', fullName: 'Ali Raza' },
  { email: 'zara@demo.test', fullName: 'Zara Ahmed' },
];

const SHIP = [
  { address: '12 Mall Road', city: 'Lahore', postalCode: '54000' },
  { address: '221B Baker Street', city: 'London', postalCode: 'NW1 6XE' },
  { address: '5 Main Street', city: 'Springfield', postalCode: '62701' },
];

const STATUS_CHAIN: Record<OrderStatus, OrderStatus[]> = {
  pending: ['pending'],
  confirmed: ['pending', 'confirmed'],
  shipped: ['pending', 'confirmed', 'shipped'],
  delivered: ['pending', 'confirmed', 'shipped', 'delivered'],
  cancelled: ['pending', 'cancelled'],
};

async function idOf(db: DB, email: string): Promise<number> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** Shops with images, products, orders, reviews and sliders. Returns counts for the log line. */
export async function seedDemoData(db: DB, uploadsDir: string, adminEmail: string, now: Date) {
  const shopIds: Array<{ id: number; name: string; whatsapp: string; currency: string; taxBps: number; ownerId: number; slug: string }> = [];
  const productsByShop = new Map<number, Array<{ id: number; name: string; price: number; discount: { type: 'percent' | 'fixed' | null; value: number | null }; image: string | null; colors: string[]; sizes: string[] }>>();
  let productCount = 0;

  for (const [shopIndex, demo] of DEMO_SHOPS.entries()) {
    const ownerId = await idOf(db, demo.ownerEmail);
    const created = new Date(now.getTime() - (40 - shopIndex) * 86_400_000);
    const shop = await createShop(
      db,
      ownerId,
      { name: demo.name, slug: demo.slug, description: demo.description, contactEmail: demo.ownerEmail, contactPhone: demo.whatsapp, whatsappNumber: demo.whatsapp, currency: demo.currency, taxRate: Math.round(Number(demo.taxRate) * 100) },
      created,
    );
    const logo = await storeImage(db, uploadsDir, ownerId, await logoImage(demo.initials, demo.color), now);
    const cover = await storeImage(db, uploadsDir, ownerId, await coverImage(demo.coverFrom, demo.coverTo), now);
    await updateShopSettings(
      db,
      uploadsDir,
      ownerId,
      shop.id,
      { name: demo.name, description: demo.description, contactEmail: demo.ownerEmail, contactPhone: demo.whatsapp, whatsappNumber: demo.whatsapp, logoUrl: logo.url, profilePictureUrl: logo.url, coverImageUrl: cover.url },
      created,
    );
    const taxBps = Math.round(Number(demo.taxRate) * 100);
    shopIds.push({ id: shop.id, name: demo.name, whatsapp: demo.whatsapp, currency: demo.currency, taxBps, ownerId, slug: demo.slug });

    const categoryIds = new Map<string, number>();
    for (const name of [...new Set(demo.products.map((p) => p.category))]) {
      const row = await db
        .insertInto('categories')
        .values({ shop_id: shop.id, name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), created_at: created.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(name, row.id);
    }

    const list: NonNullable<ReturnType<typeof productsByShop.get>> = [];
    for (const [index, p] of demo.products.entries()) {
      const colors = p.colors ?? [];
      const images = [];
      const tints = colors.length > 0 ? colors.slice(0, 2) : [demo.color];
      for (const tint of tints) {
        images.push(await storeImage(db, uploadsDir, ownerId, await productImage(p.shape, tint, '#f1f3f5', p.name), now));
      }
      const input = productInputSchema.parse({
        name: p.name,
        brand: p.brand,
        categoryId: categoryIds.get(p.category) ?? null,
        descriptionHtml: p.description,
        sellingPrice: p.price,
        currency: demo.currency,
        stockAmount: String(p.stock),
        unit: demo.slug === 'green-grocer' && p.category === 'Fruit' ? 'kg' : 'pieces',
        colors,
        sizes: p.sizes ?? [],
        images: images.map((img, i) => ({ url: img.url, isPrimary: i === 0 })),
        customFields: p.fields ?? [],
        discountType: p.discount?.type ?? null,
        discountValue: p.discount?.value ?? null,
      });
      const madeAt = new Date(created.getTime() + (index + 1) * 3_600_000);
      const product = await createProduct(db, { userId: ownerId, shopId: shop.id }, input, madeAt);
      list.push({ id: product.id, name: p.name, price: input.sellingPrice, discount: { type: input.discountType, value: input.discountValue }, image: images[0]?.thumbUrl ?? null, colors, sizes: p.sizes ?? [] });
      productCount += 1;
    }
    productsByShop.set(shop.id, list);
  }

  // Orders across the last three weeks, in every status, so dashboards and charts have something to show.
  const buyerId = await idOf(db, 'buyer@demo.test');
  const buyer = await db.selectFrom('profiles').select(['full_name', 'phone']).where('user_id', '=', buyerId).executeTakeFirstOrThrow();
  const statuses: OrderStatus[] = ['delivered', 'delivered', 'shipped', 'confirmed', 'pending', 'pending', 'cancelled', 'delivered'];
  let orderCount = 0;
  for (const shop of shopIds) {
    const products = productsByShop.get(shop.id) ?? [];
    for (const [i, status] of statuses.entries()) {
      const guest = i % 4 === 3;
      const placed = new Date(now.getTime() - (20 - i * 2.5 - (shop.id % 3)) * 86_400_000);
      const lines = [products[i % products.length]!, products[(i + 2) % products.length]!].slice(0, 1 + (i % 2));
      const items = lines.map((p, n) => {
        const quantity = 1 + ((i + n) % 3);
        const unit = discountedPrice(p.price, p.discount);
        return { p, quantity, unit, line: unit * quantity, color: p.colors[0] ?? null, size: p.sizes[0] ?? null };
      });
      const subtotal = items.reduce((sum, it) => sum + it.line, 0);
      const tax = taxAmount(subtotal, shop.taxBps);
      const ship = SHIP[i % SHIP.length]!;
      await db.transaction().execute(async (trx) => {
        const sequence = await nextOrderSequence(trx, orderDayKey(placed));
        const order = await trx
          .insertInto('orders')
          .values({
            order_number: formatOrderNumber(placed, sequence, randomInt(0, 1_000_000)),
            buyer_id: guest ? null : buyerId,
            shop_id: shop.id,
            shop_name: shop.name,
            shop_whatsapp: shop.whatsapp.replace(/\D/g, ''),
            currency: shop.currency,
            buyer_name: guest ? 'Guest Shopper' : buyer.full_name,
            buyer_email: guest ? 'guest@demo.test' : 'buyer@demo.test',
            buyer_phone: guest ? '+92 301 5556677' : buyer.phone,
            ship_address: ship.address,
            ship_city: ship.city,
            ship_postal_code: ship.postalCode,
            notes: i === 0 ? 'Please call before delivery.' : '',
            subtotal,
            tax,
            total: subtotal + tax,
            status,
            created_at: placed.toISOString(),
            updated_at: placed.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_items')
          .values(
            items.map((it) => ({
              order_id: order.id,
              product_id: it.p.id,
              product_name: it.p.name,
              image_url: it.p.image,
              color: it.color,
              size: it.size,
              unit_price: it.unit,
              quantity: it.quantity,
              line_total: it.line,
            })),
          )
          .execute();
        for (const [step, s] of STATUS_CHAIN[status].entries()) {
          await trx
            .insertInto('order_status_events')
            .values({ order_id: order.id, status: s, actor_id: s === 'pending' ? (guest ? null : buyerId) : shop.ownerId, created_at: new Date(placed.getTime() + step * 3_600_000).toISOString() })
            .execute();
        }
        if (status !== 'cancelled') {
          for (const it of items) {
            await trx
              .updateTable('products')
              .set((eb) => ({ stock_amount: eb.fn<number>('max', [eb.val(0), eb('stock_amount', '-', it.quantity)]) }))
              .where('id', '=', it.p.id)
              .execute();
          }
        }
      });
      orderCount += 1;
    }
  }

  // Reviews from the demo buyers.
  const reviewers = [buyerId, ...(await Promise.all(EXTRA_BUYERS.map((b) => idOf(db, b.email))))];
  const comments = ['Great quality, fast delivery!', 'Exactly as described.', 'Good value for the price.', null, 'Would buy again.'];
  let reviewCount = 0;
  for (const [s, shop] of shopIds.entries()) {
    for (const [r, userId] of reviewers.entries()) {
      await db
        .insertInto('shop_reviews')
        .values({ shop_id: shop.id, user_id: userId, rating: 5 - ((s + r) % 3), comment: comments[(s + r) % comments.length] ?? null, created_at: new Date(now.getTime() - (r + 1) * 86_400_000).toISOString() })
        .execute();
      reviewCount += 1;
    }
    for (const [p, product] of (productsByShop.get(shop.id) ?? []).slice(0, 3).entries()) {
      for (const [r, userId] of reviewers.slice(0, 2 + (p % 2)).entries()) {
        await db
          .insertInto('product_reviews')
          .values({ product_id: product.id, user_id: userId, rating: 5 - ((p + r) % 2), comment: comments[(p + r + 1) % comments.length] ?? null, created_at: new Date(now.getTime() - (p + r + 1) * 43_200_000).toISOString() })
          .execute();
        reviewCount += 1;
      }
    }
  }

  // Homepage sliders with generated banners, uploaded as the admin.
  const adminId = await idOf(db, adminEmail);
  const banners = [
    { title: 'Summer Lawn Sale', subtitle: "Up to 20% off at Sara's Boutique", from: '#c2255c', to: '#f59f00', redirect: '/shop/saras-boutique' },
    { title: 'New Gadgets Weekly', subtitle: 'Phones, audio and wearables at Gadget Hub', from: '#1864ab', to: '#15aabf', redirect: '/shop/gadget-hub' },
    { title: 'Fresh From the Farm', subtitle: 'Browse every shop in the marketplace', from: '#2b8a3e', to: '#94d82d', redirect: '/browse' },
  ];
  for (const [order, banner] of banners.entries()) {
    const image = await storeImage(db, uploadsDir, adminId, await bannerImage(banner.title, banner.subtitle, banner.from, banner.to), now);
    await db.insertInto('sliders').values({ title: banner.title, image_url: image.url, redirect_url: banner.redirect, is_active: 1, display_order: order }).execute();
  }

  return { shops: shopIds.length, products: productCount, orders: orderCount, reviews: reviewCount, sliders: banners.length };
}
