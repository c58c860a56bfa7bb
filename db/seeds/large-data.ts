import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { DB } from '../../src/server/db/client';
import { AppEvents } from '../../src/server/events';
import {
  createOrder,
  createProduct,
  createReview,
  createShop,
  createSlider,
  createUser,
  type FactoryEnv,
  uploadImage,
} from '../../src/server/testing/factories';
import { localStorage } from '../../src/server/uploads/storage';
import { imageFiles, type StoredImage, VARIANTS_FOR } from '../../src/server/uploads/uploads.service';
import { findUserIdByEmail } from '../../src/server/users/users.service';
import type { OrderStatus } from '../../src/shared/constants';
import { formatOrderNumber, ORDER_NUMBER_RANDOM_RANGE, orderDayKey } from '../../src/shared/order-number';
import { nextStatuses } from '../../src/shared/order-status';
import { phoneKey } from '../../src/shared/phone';
import { dayIn } from '../../src/shared/cash';
import { COURIERS } from '../../src/shared/schemas/shipment';
import { shopOrderAmounts } from '../../src/shared/cart-summary';
import { type DeliveryRule, defaultDeliveryRule, deliveryFee } from '../../src/shared/delivery';
import { discountedPrice, type Discount } from '../../src/shared/pricing';
import { productSlug, slugFromName } from '../../src/shared/slug';
import { DEMO_ACCOUNTS } from './accounts';
import { variantWriter } from './large-variants';
import { bannerImage, coverImage, logoImage, productImage, type ShapeName } from './demo-images';

/**
 * The marketplace-scale seed (`npm run seed -- --scale large`): the known accounts, one shop with a
 * product, an order and a review go through the test factories (the services the app uses); the volume
 * is written with prepared statements in a few large transactions, its prices, totals, order numbers
 * and status histories computed with the app's shared rules (pricing.ts, order-number.ts,
 * order-status.ts), so every row is one the app itself could have written. Deterministic: the same
 * counts and clock give the same data.
 */

export interface SeedScale {
  shops: number;
  products: number;
  orders: number;
  reviews: number;
  /** Every account: the admin, one shopkeeper per shop, and buyers. */
  users: number;
  sliders: number;
}

export const LARGE_SCALE: SeedScale = { shops: 200, products: 20_000, orders: 50_000, reviews: 100_000, users: 2_000, sliders: 10 };

/** The known shop of shop@demo.test, the one with the most orders (the bench's dashboard). */
export const LARGE_KNOWN_SHOP_SLUG = 'saras-boutique';
const KNOWN_SHOP_ORDERS = 1_000;
const KNOWN_BUYER_ORDERS = 500;
/** Guest tracking by email finds many orders for this address. */
export const LARGE_GUEST_EMAIL = 'guest@demo.test';
const POPULAR_PRODUCT_REVIEWS = 1_000;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const CURRENCIES = ['USD', 'EUR', 'GBP', 'PKR'] as const;
const TAX_RATES_BPS = [0, 500, 700, 1_750, 2_000];
const SHOP_WORDS = ['Atlas', 'Bloom', 'Cedar', 'Delta', 'Ember', 'Fable'];
const SHOP_KINDS = ['Goods', 'Market', 'Store', 'Traders', 'Outlet', 'Corner', 'House', 'Bazaar'];
const LOGO_COLORS = ['#c2255c', '#1864ab', '#2b8a3e', '#e8590c', '#6741d9', '#0b7285'];
const CATEGORY_NAMES = ['Clothing', 'Electronics', 'Home', 'Kitchen', 'Books', 'Beauty', 'Sports', 'Toys'];
const ADJECTIVES = ['Classic', 'Modern', 'Vintage', 'Organic', 'Premium', 'Compact', 'Handmade', 'Wireless', 'Soft', 'Rugged', 'Slim', 'Bright'];
const MATERIALS = ['Cotton', 'Leather', 'Bamboo', 'Steel', 'Ceramic', 'Wool', 'Linen', 'Glass', 'Oak', 'Silk'];
const NOUNS = ['Shirt', 'Bag', 'Lamp', 'Mug', 'Speaker', 'Notebook', 'Jacket', 'Bottle', 'Chair', 'Watch', 'Scarf', 'Headphones', 'Kettle', 'Backpack'];
const BRANDS = ['Northwind', 'Acme', 'Lumen', 'Terra', 'Volt', 'Kite', 'Oliva', 'Penrose'];
const SHAPES: ShapeName[] = ['shirt', 'bag', 'phone', 'headphones', 'jar', 'book'];
const PRODUCT_TINTS = ['#d9480f', '#2b8a3e', '#1864ab', '#862e9c', '#e03131', '#495057'];
const COLORS = ['#212529', '#e03131', '#1c7ed6', '#2f9e44', '#f8f9fa', '#fab005'];
const SIZES = ['S', 'M', 'L', 'XL'];
const CITIES = [
  { address: '12 Mall Road', city: 'Lahore', postalCode: '54000' },
  { address: '221B Baker Street', city: 'London', postalCode: 'NW1 6XE' },
  { address: '5 Main Street', city: 'Springfield', postalCode: '62701' },
  { address: '9 Rue Lafayette', city: 'Paris', postalCode: '75009' },
];
const COMMENTS = ['Great quality, fast delivery!', 'Exactly as described.', 'Good value for the price.', null, 'Would buy again.', null];
const RATINGS = [5, 5, 5, 4, 4, 4, 3, 2, 1];
// Where the workflow has taken each order, weighted as a marketplace's history reads.
const STATUSES: OrderStatus[] = ['delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'shipped', 'confirmed', 'pending', 'pending', 'cancelled'];

/** A small seeded generator (mulberry32), so the data set is the same on every run. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}

interface UploadRef {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  /** Widths of its resized copies (srcset), linked along with it. */
  widths: number[];
  bytes: number;
}

/**
 * The same picture for another owner: a form accepts only files its own user uploaded, so each shop
 * gets its own upload rows. The files are hard links (a copy where links are not possible), so a
 * handful of generated images serve every shop without encoding or storing them again.
 */
function shareUpload(uploadsDir: string, image: UploadRef): UploadRef {
  const name = randomBytes(16).toString('hex');
  const folder = name.slice(0, 2);
  fs.mkdirSync(path.join(uploadsDir, folder), { recursive: true });
  const copy = { ...image, url: `/uploads/${folder}/${name}.webp`, thumbUrl: `/uploads/${folder}/${name}-thumb.webp` };
  const targets = imageFiles(copy);
  for (const [i, from] of imageFiles(image).entries()) {
    const to = targets[i]!;
    const source = path.join(uploadsDir, from.replace(/^\/uploads\//, ''));
    const target = path.join(uploadsDir, to.replace(/^\/uploads\//, ''));
    try {
      fs.linkSync(source, target);
    } catch {
      fs.copyFileSync(source, target);
    }
  }
  return copy;
}

function withBytes(uploadsDir: string, image: StoredImage): UploadRef {
  const size = (url: string) => fs.statSync(path.join(uploadsDir, url.replace(/^\/uploads\//, ''))).size;
  return { ...image, bytes: imageFiles(image).reduce((sum, url) => sum + size(url), 0) };
}

interface ShopRow {
  id: number;
  ownerId: number;
  name: string;
  whatsapp: string;
  currency: string;
  taxRateBps: number;
  /** Its delivery rule: every fourth shop charges nothing, every third is free from 200.00. */
  delivery: DeliveryRule;
  /** Index range of its products in the product list. */
  firstProduct: number;
  productCount: number;
}

interface ProductRow {
  id: number;
  name: string;
  price: number;
  thumbUrl: string;
  colors: string[];
  sizes: string[];
  createdAt: number;
}

interface BuyerRow {
  id: number;
  fullName: string;
  email: string;
  phone: string;
}

/**
 * Fills an empty, migrated database (the caller checks that it is empty) at the given scale. `file` is
 * the same database `db` opened: the bulk writes use their own connection to it.
 */
export async function seedLarge(db: DB, options: { file: string; uploadsDir: string; now: Date; scale: SeedScale }): Promise<SeedScale> {
  const { file, uploadsDir, now, scale } = options;
  if (scale.shops < 1 || scale.products < scale.shops || scale.sliders < 0) throw new Error('The seed needs at least one shop and one product per shop');
  const buyerCount = scale.users - 1 - scale.shops;
  if (buyerCount < 2) throw new Error(`${scale.users} users are too few for ${scale.shops} shops: an admin, a shopkeeper per shop and two buyers at least`);
  const random = generator(20_261_123);
  const env: FactoryEnv = { db, config: { storage: localStorage(uploadsDir) }, events: new AppEvents(), clock: { now } };
  const start = now.getTime() - 400 * DAY_MS;
  const at = (ms: number) => new Date(ms);

  // Through the factories: the known accounts, the known shop with one product, an order and a review.
  const { admin } = DEMO_ACCOUNTS;
  const adminId = (await findUserIdByEmail(db, admin.email)) ?? (await createUser(env, { ...admin, phone: '', roles: ['admin'], at: at(start) }));
  const keeper = DEMO_ACCOUNTS.shopkeepers[0];
  const keeperId = await createUser(env, { ...keeper, password: DEMO_ACCOUNTS.shopkeeperPassword, roles: ['shopkeeper'], isPro: true, at: at(start) });
  const knownBuyer = DEMO_ACCOUNTS.buyers[0];
  const knownBuyerId = await createUser(env, { ...knownBuyer, password: DEMO_ACCOUNTS.buyerPassword, roles: ['buyer'], at: at(start) });
  const knownShop = await createShop(env, {
    owner: keeperId,
    name: "Sara's Boutique",
    slug: LARGE_KNOWN_SHOP_SLUG,
    description: 'Handmade clothing and accessories, delivered across Pakistan.',
    contactEmail: keeper.email,
    contactPhone: '+92 300 1234567',
    whatsapp: '+92 300 1234567',
    currency: 'PKR',
    taxRate: '17.5',
    logo: await logoImage('SB', '#c2255c'),
    cover: await coverImage('#c2255c', '#f59f00'),
    at: at(start),
  });
  const representative = await createProduct(env, knownShop, {
    name: 'Classic Cotton Shirt',
    brand: 'Northwind',
    price: 249_900,
    stock: 100,
    colors: ['#212529'],
    images: [await productImage('shirt', '#c2255c', '#f1f3f5', 'Classic Cotton Shirt')],
    at: at(start + HOUR_MS),
  });

  // A handful of generated pictures, uploaded once; every other shop shares them (see shareUpload).
  const productPool: UploadRef[] = [];
  for (const [i, shape] of SHAPES.entries()) {
    const picture = await productImage(shape, PRODUCT_TINTS[i]!, '#f1f3f5', NOUNS[i]!);
    productPool.push(withBytes(uploadsDir, await uploadImage(env, keeperId, picture, at(start))));
  }
  const logoPool: UploadRef[] = [];
  for (const [i, word] of SHOP_WORDS.entries()) {
    logoPool.push(withBytes(uploadsDir, await uploadImage(env, keeperId, await logoImage(word.charAt(0), LOGO_COLORS[i]!), at(start))));
  }
  const coverPool: UploadRef[] = [];
  for (const [from, to] of [
    ['#1864ab', '#15aabf'],
    ['#2b8a3e', '#94d82d'],
    ['#5f3dc4', '#e64980'],
  ] as const) {
    coverPool.push(withBytes(uploadsDir, await uploadImage(env, keeperId, await coverImage(from, to), at(start))));
  }

  const banners = [await bannerImage('Marketplace Week', 'Thousands of products from 200 shops', '#c2255c', '#f59f00'), await bannerImage('New Arrivals', 'Fresh picks every day', '#1864ab', '#15aabf')];
  for (let i = 0; i < scale.sliders; i += 1) {
    await createSlider(env, { admin: adminId, title: i % 2 === 0 ? 'Marketplace Week' : 'New Arrivals', redirectUrl: '/browse', image: banners[i % banners.length], displayOrder: i, at: at(start) });
  }

  const placedAt = now.getTime() - 2 * DAY_MS;
  await createOrder(env, [{ product: representative, quantity: 1, color: '#212529' }], { buyer: knownBuyerId, status: 'delivered', at: at(placedAt) });
  await createReview(env, { user: knownBuyerId, of: { product: representative }, rating: 5, comment: 'Exactly as described.', at: at(placedAt + DAY_MS) });

  // The volume, on a connection of its own. Not synced at each commit: a seed that dies half way is
  // run again on a fresh file, and the server opens the file with its own durable settings.
  const raw = new SQLite(file);
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -131072');
  try {
    const hashOf = raw.prepare<[number], { password_hash: string }>('select password_hash from users where id = ?');
    // scrypt is slow by design: every seeded account shares its known account's password and hash.
    const keeperHash = hashOf.get(keeperId)!.password_hash;
    const buyerHash = hashOf.get(knownBuyerId)!.password_hash;

    const insertUpload = raw.prepare('insert into uploads (owner_id, url, thumb_url, width, height, variant_widths, variants_for, bytes, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const upload = (ownerId: number, image: UploadRef, when: string) => {
      const copy = shareUpload(uploadsDir, image);
      insertUpload.run(ownerId, copy.url, copy.thumbUrl, copy.width, copy.height, copy.widths.join(','), VARIANTS_FOR, copy.bytes, when);
      return copy;
    };

    // Accounts: shopkeepers (pro, so their shops never expire) and buyers.
    const buyers: BuyerRow[] = [{ id: knownBuyerId, fullName: knownBuyer.fullName, email: knownBuyer.email, phone: knownBuyer.phone }];
    const ownerIds: number[] = [keeperId];
    raw.transaction(() => {
      const insertUser = raw.prepare('insert into users (email, password_hash, created_at) values (?, ?, ?)');
      const insertProfile = raw.prepare(
        `insert into profiles (user_id, full_name, phone, avatar_url, is_pro, trial_start_at, role_selected, ship_address, ship_city, ship_postal_code, updated_at)
         values (?, ?, ?, null, ?, ?, 1, ?, ?, ?, ?)`,
      );
      const insertRole = raw.prepare('insert into user_roles (user_id, role, created_at) values (?, ?, ?)');
      for (let i = 1; i < scale.shops; i += 1) {
        const when = at(start + i * 60_000).toISOString();
        const id = Number(insertUser.run(`keeper${i}@large.test`, keeperHash, when).lastInsertRowid);
        insertProfile.run(id, `Shopkeeper ${i}`, `+1 555 01${String(i % 10_000).padStart(4, '0')}`, 1, when, '', '', '', when);
        insertRole.run(id, 'shopkeeper', when);
        ownerIds.push(id);
      }
      for (let i = 1; i < buyerCount; i += 1) {
        const when = at(start + i * 60_000).toISOString();
        const ship = CITIES[i % CITIES.length]!;
        const buyer = { fullName: `Buyer ${i}`, email: `buyer${i}@large.test`, phone: `+92 300 ${String(i % 10_000_000).padStart(7, '0')}` };
        const id = Number(insertUser.run(buyer.email, buyerHash, when).lastInsertRowid);
        insertProfile.run(id, buyer.fullName, buyer.phone, 0, null, ship.address, ship.city, ship.postalCode, when);
        insertRole.run(id, 'buyer', when);
        buyers.push({ id, ...buyer });
      }
    })();

    // Shops, their categories, products and pictures.
    const shops: ShopRow[] = [];
    const products: ProductRow[] = [];
    const perShop = (s: number) => Math.floor(scale.products / scale.shops) + (s < scale.products % scale.shops ? 1 : 0);
    raw.transaction(() => {
      const insertShop = raw.prepare(
        `insert into shops (owner_id, name, slug, description, contact_email, contact_phone, whatsapp_number, currency, tax_rate_bps,
           delivery_fee, free_delivery_from, profile_picture_url, cover_image_url, logo_url, is_active, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
      );
      const insertCategory = raw.prepare('insert into categories (shop_id, name, slug, description, icon_url, created_at) values (?, ?, ?, ?, null, ?)');
      const insertProduct = raw.prepare(
        `insert into products (shop_id, category_id, name, slug, brand, description_html, selling_price, purchase_price, currency, stock_amount, unit,
           colors, sizes, custom_fields, manufacturing_date, expiry_date, discount_type, discount_value, is_active, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, null, ?, ?, 'pieces', ?, ?, '[]', null, null, ?, ?, 1, ?, ?)`,
      );
      const insertImage = raw.prepare('insert into product_images (product_id, url, thumb_url, position, is_primary) values (?, ?, ?, 0, 1)');
      const addVariants = variantWriter(raw);
      const knownShopRow = raw.prepare<[number], { whatsapp_number: string; tax_rate_bps: number }>('select whatsapp_number, tax_rate_bps from shops where id = ?').get(knownShop.id)!;
      const productBase = start + DAY_MS;
      let productIndex = 0;
      for (let s = 0; s < scale.shops; s += 1) {
        const created = start + s * 60_000 + 30_000;
        const when = at(created).toISOString();
        let shop: ShopRow;
        let pictures = productPool;
        if (s === 0) {
          // The known shop keeps the marketplace default (DELIVERY_FEE_DEFAULT, 0 unless set).
          shop = { id: knownShop.id, ownerId: keeperId, name: knownShop.name, whatsapp: knownShopRow.whatsapp_number, currency: knownShop.currency, taxRateBps: knownShopRow.tax_rate_bps, delivery: defaultDeliveryRule('0', knownShop.currency), firstProduct: 0, productCount: 0 };
          products.push({ id: representative.id, name: representative.name, price: 249_900, thumbUrl: representative.images[0]!.thumbUrl, colors: ['#212529'], sizes: [], createdAt: start + HOUR_MS });
          productIndex += 1;
        } else {
          const word = SHOP_WORDS[s % SHOP_WORDS.length]!;
          const name = `${word} ${SHOP_KINDS[s % SHOP_KINDS.length]} ${s}`;
          const ownerId = ownerIds[s]!;
          const logo = upload(ownerId, logoPool[s % logoPool.length]!, when);
          const cover = upload(ownerId, coverPool[s % coverPool.length]!, when);
          const whatsapp = `+1 555 02${String(s % 10_000).padStart(4, '0')}`;
          const currency = CURRENCIES[s % CURRENCIES.length]!;
          const taxRateBps = TAX_RATES_BPS[s % TAX_RATES_BPS.length]!;
          const delivery: DeliveryRule = { fee: [0, 250, 500, 1_000][s % 4]!, freeFrom: s % 3 === 0 ? 20_000 : null, cities: [] };
          const id = Number(
            insertShop.run(
              ownerId, name, slugFromName(name), `${name}: everyday goods, delivered.`, `keeper${s}@large.test`, whatsapp, whatsapp, currency, taxRateBps,
              delivery.fee, delivery.freeFrom, logo.url, cover.url, logo.url, when, when,
            ).lastInsertRowid,
          );
          shop = { id, ownerId, name, whatsapp, currency, taxRateBps, delivery, firstProduct: 0, productCount: 0 };
          pictures = productPool.map((image) => upload(ownerId, image, when));
        }
        shop.firstProduct = products.length - (s === 0 ? 1 : 0);
        const categoryIds = CATEGORY_NAMES.slice(0, 3 + (s % 4)).map((category) => Number(insertCategory.run(shop.id, category, slugFromName(category), '', when).lastInsertRowid));
        const count = perShop(s) - (s === 0 ? 1 : 0);
        for (let k = 0; k < count; k += 1) {
          const name = `${random.pick(ADJECTIVES)} ${random.pick(MATERIALS)} ${random.pick(NOUNS)}`;
          // The slug carries the creation time, as the product service makes it: one second apart, unique.
          const createdAt = productBase + productIndex * 1_000;
          const stamp = at(createdAt).toISOString();
          const sellingPrice = (1 + random.int(2_000)) * 50;
          const roll = random.next();
          const discount: Discount = roll < 0.15 ? { type: 'percent', value: 5 + random.int(26) } : roll < 0.2 ? { type: 'fixed', value: Math.floor(sellingPrice / 4) } : { type: null, value: null };
          const colors = random.next() < 0.3 ? COLORS.slice(random.int(3), 4 + random.int(3)) : [];
          const sizes = random.next() < 0.2 ? SIZES.slice(0, 2 + random.int(3)) : [];
          // What is left after the orders below took their share (cancelled orders gave theirs back).
          const stock = random.next() < 0.05 ? 0 : random.int(200);
          const picture = pictures[productIndex % pictures.length]!;
          const id = Number(
            insertProduct.run(
              shop.id,
              categoryIds[k % categoryIds.length]!,
              name,
              productSlug(name, at(createdAt)),
              random.pick(BRANDS),
              `<p>${name}, made to last.</p>`,
              sellingPrice,
              shop.currency,
              stock,
              JSON.stringify(colors),
              JSON.stringify(sizes),
              discount.type,
              discount.value,
              stamp,
              stamp,
            ).lastInsertRowid,
          );
          insertImage.run(id, picture.url, picture.thumbUrl);
          // A third of those with options keep their stock per variant.
          if (colors.length + sizes.length > 0 && random.next() < 0.33) addVariants({ id, shopId: shop.id, colors, sizes }, () => (random.next() < 0.1 ? 0 : random.int(40)));
          products.push({ id, name, price: discountedPrice(sellingPrice, discount), thumbUrl: picture.thumbUrl, colors, sizes, createdAt });
          productIndex += 1;
        }
        shop.productCount = products.length - shop.firstProduct;
        shops.push(shop);
      }
    })();

    // Orders: 1,000 for the known shop, 500 from the known buyer, some guests by one email.
    const bulkOrders = scale.orders - 1;
    const knownShopOrders = Math.min(KNOWN_SHOP_ORDERS - 1, Math.floor(bulkOrders / 2));
    // At least every fourth order is someone else's, so a small seed has guests and other buyers too.
    const buyerEvery = Math.max(4, Math.floor(bulkOrders / KNOWN_BUYER_ORDERS));
    const firstOrderAt = start + 2 * DAY_MS + (products.length + 1) * 1_000;
    const lastOrderAt = now.getTime() - 3 * DAY_MS;
    const specs = Array.from({ length: bulkOrders }, (_, i) => ({
      shop: shops[i < knownShopOrders || shops.length === 1 ? 0 : 1 + random.int(shops.length - 1)]!,
      buyer: i % buyerEvery === 0 ? buyers[0]! : random.next() < 0.25 ? null : buyers[random.int(buyers.length)]!,
      createdAt: firstOrderAt + random.int(lastOrderAt - firstOrderAt),
    })).sort((a, b) => a.createdAt - b.createdAt);

    raw.transaction(() => {
      const sequences = new Map(
        raw
          .prepare<[], { day: string; last_value: number }>('select day, last_value from order_number_sequences')
          .all()
          .map((row) => [row.day, row.last_value]),
      );
      const insertOrder = raw.prepare(
        `insert into orders (order_number, buyer_id, shop_id, shop_name, shop_whatsapp, currency, buyer_name, buyer_email, buyer_phone,
           ship_address, ship_city, ship_postal_code, notes, subtotal, tax, delivery_fee, delivery_basis, total, status, payment_method, checkout_attempt_id,
           created_at, updated_at, buyer_phone_key, courier, tracking_number, status_changed_at, cash_received_on, cash_reference)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'cod', null, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const insertItem = raw.prepare(
        'insert into order_items (order_id, product_id, product_name, image_url, color, size, unit_price, quantity, line_total) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const insertEvent = raw.prepare('insert into order_status_events (order_id, status, actor_id, created_at) values (?, ?, ?, ?)');
      let guests = 0;
      for (const [i, spec] of specs.entries()) {
        const { shop, buyer } = spec;
        const placed = at(spec.createdAt);
        const day = orderDayKey(placed);
        const sequence = (sequences.get(day) ?? 0) + 1;
        sequences.set(day, sequence);
        // Distinct products of the shop, each with a choice it offers.
        const picks = new Set<number>();
        const lineCount = Math.min(shop.productCount, 1 + random.int(3));
        while (picks.size < lineCount) picks.add(shop.firstProduct + random.int(shop.productCount));
        const lines = [...picks].map((index) => {
          const product = products[index]!;
          const quantity = 1 + random.int(3);
          return {
            product,
            quantity,
            color: product.colors.length > 0 ? random.pick(product.colors) : null,
            size: product.sizes.length > 0 ? random.pick(product.sizes) : null,
            lineTotal: product.price * quantity,
          };
        });
        const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
        const ship = CITIES[i % CITIES.length]!;
        // The shops of this seed deliver everywhere: no rule of theirs refuses a city.
        const { tax, total, delivery } = shopOrderAmounts(subtotal, shop.taxRateBps, null, (goods) => deliveryFee(shop.delivery, goods, ship.city));
        if (!delivery.deliverable) throw new Error(`${shop.name} does not deliver to ${ship.city}`);
        if (!buyer) guests += 1;
        const guestEmail = guests % 5 === 1 ? LARGE_GUEST_EMAIL : `guest${i}@example.test`;
        const contact = buyer ?? { id: null, fullName: 'Guest Shopper', email: guestEmail, phone: '+92 301 5556677' };
        // The history: placed by the buyer, then each step taken by the shop's owner an hour apart.
        const target = random.pick(STATUSES);
        const steps: OrderStatus[] = [];
        if (target === 'cancelled') steps.push(...(random.next() < 0.5 ? (['confirmed', 'cancelled'] as const) : (['cancelled'] as const)));
        else for (let status: OrderStatus = 'pending'; status !== target; ) steps.push((status = nextStatuses(status)[0]!));
        const updated = at(spec.createdAt + steps.length * HOUR_MS).toISOString();
        // Issue 30: two delivered orders in three had their cash paid by the courier a week after delivery
        // (never after today); the rest are awaited.
        const paidAt = spec.createdAt + steps.length * HOUR_MS + 7 * DAY_MS;
        const cash = target === 'delivered' && i % 3 !== 0 && paidAt <= now.getTime() ? [dayIn(at(paidAt), 'Asia/Karachi'), i % 2 === 0 ? `REM-${200000 + i}` : null] : [null, null];
        const orderId = Number(
          insertOrder.run(
            formatOrderNumber(placed, sequence, random.int(ORDER_NUMBER_RANDOM_RANGE)),
            contact.id,
            shop.id,
            shop.name,
            shop.whatsapp,
            shop.currency,
            contact.fullName,
            contact.email,
            contact.phone,
            ship.address,
            ship.city,
            ship.postalCode,
            i % 7 === 0 ? 'Please call before delivery.' : '',
            subtotal,
            tax,
            delivery.fee,
            delivery.basis,
            total,
            target,
            placed.toISOString(),
            updated,
            phoneKey(contact.phone),
            ...(steps.includes('shipped') ? [COURIERS[i % COURIERS.length]!, `LS-${100000 + i}`] : [null, null]),
            steps.length > 0 ? updated : null,
            ...cash,
          ).lastInsertRowid,
        );
        for (const line of lines) {
          insertItem.run(orderId, line.product.id, line.product.name, line.product.thumbUrl, line.color, line.size, line.product.price, line.quantity, line.lineTotal);
        }
        insertEvent.run(orderId, 'pending', contact.id, placed.toISOString());
        for (const [step, status] of steps.entries()) insertEvent.run(orderId, status, shop.ownerId, at(spec.createdAt + (step + 1) * HOUR_MS).toISOString());
      }
      const saveSequence = raw.prepare('insert into order_number_sequences (day, last_value) values (?, ?) on conflict (day) do update set last_value = excluded.last_value');
      for (const [day, value] of sequences) saveSequence.run(day, value);
    })();

    // Reviews: one per buyer and target. A tenth are of shops; of the rest, the known product is the
    // popular one and the others take a few each, reviewers taken in turn so no pair repeats.
    const bulkReviews = scale.reviews - 1;
    const shopReviews = Math.min(Math.floor(bulkReviews / 10), shops.length * buyers.length);
    const productReviews = bulkReviews - shopReviews;
    const popular = products.length === 1 ? productReviews : Math.min(POPULAR_PRODUCT_REVIEWS, buyers.length - 1, Math.floor(productReviews / 10));
    const spread = productReviews - popular;
    const others = products.length - 1;
    if (popular > buyers.length - 1 || (spread > 0 && Math.ceil(spread / others) > buyers.length)) {
      throw new Error(`${scale.reviews} reviews are too many for ${buyers.length} buyers: each reviews a product or shop once`);
    }
    raw.transaction(() => {
      const insertProductReview = raw.prepare('insert into product_reviews (product_id, user_id, rating, comment, created_at, updated_at) values (?, ?, ?, ?, ?, ?)');
      const insertShopReview = raw.prepare('insert into shop_reviews (shop_id, user_id, rating, comment, created_at, updated_at) values (?, ?, ?, ?, ?, ?)');
      const when = (after: number) => at(after + DAY_MS + random.int(now.getTime() - after - 2 * DAY_MS)).toISOString();
      // The known buyer reviewed the known product through the factory above: its reviewers start after.
      for (let r = 0; r < popular; r += 1) {
        const stamp = when(products[0]!.createdAt);
        insertProductReview.run(products[0]!.id, buyers[1 + r]!.id, random.pick(RATINGS), random.pick(COMMENTS), stamp, stamp);
      }
      for (let k = 0; k < spread; k += 1) {
        const product = products[1 + (k % others)]!;
        const round = Math.floor(k / others);
        const stamp = when(product.createdAt);
        insertProductReview.run(product.id, buyers[((k % others) + round) % buyers.length]!.id, random.pick(RATINGS), random.pick(COMMENTS), stamp, stamp);
      }
      for (let k = 0; k < shopReviews; k += 1) {
        const shop = shops[k % shops.length]!;
        const round = Math.floor(k / shops.length);
        const stamp = when(start);
        insertShopReview.run(shop.id, buyers[((k % shops.length) + round) % buyers.length]!.id, random.pick(RATINGS), random.pick(COMMENTS), stamp, stamp);
      }
    })();
    raw.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    raw.close();
  }
  return { ...scale };
}
