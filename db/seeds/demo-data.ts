import { createCategory, createOrder, createProduct, createReview, createShop, createSlider, type FactoryEnv, type ProductRef, type ShopRef } from '../../src/server/testing/factories';
import type { OrderStatus } from '../../src/shared/constants';
import { COURIERS } from '../../src/shared/schemas/shipment';
import { blockOrderPhone } from '../../src/server/orders/dispatch.service';
import { markCashReceived } from '../../src/server/orders/cash.service';
import { dayIn } from '../../src/shared/cash';
import { parseMajorToMinor } from '../../src/shared/money';
import { createCoupon } from '../../src/server/coupons/coupons.service';
import { getPage, listPages, updatePage } from '../../src/server/pages/pages.service';
import type { CouponFormInput } from '../../src/shared/schemas/coupon';
import type { DeliveryFormInput } from '../../src/shared/schemas/delivery';
import type { ShopPoliciesInput } from '../../src/shared/schemas/shop-policies';
import { combinations } from '../../src/shared/variants';
import { replyToReview, setReviewHidden } from '../../src/server/reviews/reviews.service';
import { submitReport } from '../../src/server/reports/reports.service';
import { bannerImage, coverImage, logoImage, productImage, type ShapeName } from './demo-images';
import { seedBillingAfterOrders, seedBillingBeforeOrders } from './demo-billing';
import { setFollowing } from '../../src/server/follows/follows.service';
import { mergeGuestSaved, setSaved } from '../../src/server/saved/saved.service';
import { changeCartLine } from '../../src/server/carts/carts.service';
import { DEFAULT_MAX_UNITS_PER_PRODUCT } from '../../src/shared/cart';

/** The marketplace's default time zone (TIME_ZONE): the days the demo's cash was received. */
const DEMO_TIME_ZONE = 'Asia/Karachi';

/**
 * Demo shops, products, orders, reviews and sliders, made with the test factories: through the same
 * services as the app (uploads are real files with upload rows, orders go through checkout and the
 * status workflow, so stock and totals are the app's own), so the demo behaves like real data.
 */

interface DemoProduct {
  name: string;
  brand: string;
  category: string;
  price: string;
  /** Before the demo orders take their share through checkout. */
  stock: number;
  shape: ShapeName;
  colors?: string[];
  sizes?: string[];
  discount?: { type: 'percent' | 'fixed'; value: string };
  fields?: Array<{ name: string; value: string }>;
  /**
   * Stock per variant (issue 19): each combination's stock in the order colors x sizes make them (the
   * first must cover the demo orders, which take it), prices of some as typed, and a SKU prefix.
   */
  variants?: { stock: number[]; prices?: Record<number, string>; sku?: string };
  description: string;
}

interface DemoShop {
  ownerEmail: string;
  name: string;
  slug: string;
  description: string;
  currency: 'PKR' | 'USD' | 'EUR' | 'GBP';
  taxRate: string;
  /** The shop's delivery rule as its owner types it; absent: the marketplace default (DELIVERY_FEE_DEFAULT). */
  delivery?: DeliveryFormInput;
  /** The shop's policies (issue 47): "Returns and exchanges" and "Delivery time"; absent: none written. */
  policies?: ShopPoliciesInput;
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
    // A flat fee, free from a threshold, a cheaper rate at home and no delivery to one city.
    delivery: {
      fee: '200',
      freeFrom: '3000',
      cities: [
        { city: 'Lahore', fee: '150', noDelivery: false },
        { city: 'Quetta', fee: '', noDelivery: true },
      ],
    },
    policies: {
      returnsPolicy: '7-day exchange if unused and with its tags; the buyer pays the return delivery. Sale items cannot be returned.',
      deliveryTime: '2-3 working days in Lahore, 3-5 elsewhere in Pakistan',
    },
    whatsapp: '+92 300 1112233',
    initials: 'SB',
    color: '#c2255c',
    coverFrom: '#c2255c',
    coverTo: '#f59f00',
    products: [
      { name: 'Embroidered Lawn Kurta', brand: 'Sara', category: 'Kurtas', price: '4500', stock: 25, shape: 'shirt', colors: ['#c2255c', '#1c7ed6', '#f8f9fa'], sizes: ['S', 'M', 'L', 'XL'], discount: { type: 'percent', value: '20' }, fields: [{ name: 'Fabric', value: 'Lawn' }], variants: { stock: [12, 0, 4, 2, 8, 5, 0, 3, 2, 1, 6, 0], prices: { 3: '4800', 7: '4800', 11: '4800' }, sku: 'SARA-KRT' }, description: '<p>Light <strong>summer lawn</strong> with hand embroidery on the neckline.</p><ul><li>Machine washable</li><li>Breathable cotton</li></ul>' },
      { name: 'Chiffon Dupatta', brand: 'Sara', category: 'Accessories', price: '1800', stock: 12, shape: 'bag', colors: ['#e64980', '#845ef7'], description: '<p>Flowing chiffon dupatta with a printed border.</p>' },
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
    delivery: { fee: '5', freeFrom: '100', cities: [] },
    policies: {
      returnsPolicy: 'Returns within 14 days in the original box; a faulty item is replaced under its one-year warranty.',
      deliveryTime: '3-5 working days',
    },
    whatsapp: '+1 555 010 2030',
    initials: 'GH',
    color: '#1c7ed6',
    coverFrom: '#1864ab',
    coverTo: '#15aabf',
    products: [
      { name: 'Nova X Smartphone', brand: 'Nova', category: 'Phones', price: '499.00', stock: 15, shape: 'phone', colors: ['#212529', '#adb5bd', '#1c7ed6'], sizes: ['128 GB', '256 GB'], discount: { type: 'percent', value: '10' }, variants: { stock: [9, 2, 0, 3, 4, 1], prices: { 1: '579.00', 3: '579.00', 5: '579.00' }, sku: 'NOVA-X' }, fields: [{ name: 'Warranty', value: '1 year' }, { name: 'Screen', value: '6.5 inch OLED' }], description: '<h2>Fast and bright</h2><p>A 6.5 inch OLED screen and all-day battery.</p>' },
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
    delivery: { fee: '3.50', freeFrom: '', cities: [] },
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
      { name: 'Strawberry Jam', brand: 'Bee Happy', category: 'Pantry', price: '4.50', stock: 6, shape: 'jar', description: '<p>Small-batch jam, 70% fruit.</p>' },
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


const SHIP = [
  { address: '12 Mall Road', city: 'Lahore', postalCode: '54000' },
  { address: '221B Baker Street', city: 'London', postalCode: 'NW1 6XE' },
  { address: '5 Main Street', city: 'Springfield', postalCode: '62701' },
];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Who the demo orders and reviews come from. */
export interface DemoPeople {
  adminId: number;
  ownerIds: Map<string, number>;
  buyer: { id: number; fullName: string; email: string; phone: string };
  reviewerIds: number[];
}

const money = (text: string, currency: string) => {
  const minor = parseMajorToMinor(text, currency);
  if (minor === null) throw new Error(`Not an amount: ${text}`);
  return minor;
};

/** A demo product's variants as the factory takes them: by 'color|size', stock, price in minor units, SKU. */
function demoVariants(colors: string[], sizes: string[], spec: NonNullable<DemoProduct['variants']>, currency: string) {
  return Object.fromEntries(
    combinations(colors, sizes).map((c, i) => {
      const price = spec.prices?.[i];
      return [
        `${c.color ?? ''}|${c.size ?? ''}`,
        { stock: spec.stock[i] ?? 0, ...(price !== undefined && { price: money(price, currency) }), ...(spec.sku && { sku: `${spec.sku}-${i + 1}` }) },
      ];
    }),
  );
}

/** Shops with images, products, orders, reviews and sliders. Returns counts for the log line. */
export async function seedDemoData(env: FactoryEnv, people: DemoPeople) {
  const now = env.clock.now;
  const catalog: Array<{ shop: ShopRef; products: Array<ProductRef & { colors: string[]; sizes: string[]; stock: number }> }> = [];

  for (const [shopIndex, demo] of DEMO_SHOPS.entries()) {
    const owner = people.ownerIds.get(demo.ownerEmail);
    if (owner === undefined) throw new Error(`No demo account for ${demo.ownerEmail}`);
    const created = new Date(now.getTime() - (40 - shopIndex) * DAY_MS);
    const shop = await createShop(env, {
      owner,
      name: demo.name,
      slug: demo.slug,
      description: demo.description,
      contactEmail: demo.ownerEmail,
      contactPhone: demo.whatsapp,
      whatsapp: demo.whatsapp,
      currency: demo.currency,
      taxRate: demo.taxRate,
      delivery: demo.delivery,
      policies: demo.policies,
      logo: await logoImage(demo.initials, demo.color),
      cover: await coverImage(demo.coverFrom, demo.coverTo),
      at: created,
    });

    const categoryIds = new Map<string, number>();
    for (const name of new Set(demo.products.map((p) => p.category))) {
      categoryIds.set(name, (await createCategory(env, shop, name, created)).id);
    }

    const products = [];
    for (const [index, p] of demo.products.entries()) {
      const colors = p.colors ?? [];
      const tints = colors.length > 0 ? colors.slice(0, 2) : [demo.color];
      const images = await Promise.all(tints.map((tint) => productImage(p.shape, tint, '#f1f3f5', p.name)));
      const product = await createProduct(env, shop, {
        name: p.name,
        brand: p.brand,
        categoryId: categoryIds.get(p.category) ?? null,
        descriptionHtml: p.description,
        price: money(p.price, demo.currency),
        stock: p.stock,
        unit: demo.slug === 'green-grocer' && p.category === 'Fruit' ? 'kg' : 'pieces',
        colors,
        sizes: p.sizes ?? [],
        images,
        customFields: p.fields ?? [],
        discount: p.discount && { type: p.discount.type, value: p.discount.type === 'fixed' ? money(p.discount.value, demo.currency) : Number(p.discount.value) },
        ...(p.variants && { variants: demoVariants(colors, p.sizes ?? [], p.variants, demo.currency) }),
        at: new Date(created.getTime() + (index + 1) * HOUR_MS),
      });
      products.push({ ...product, colors, sizes: p.sizes ?? [], stock: p.variants ? p.variants.stock.reduce((a, b) => a + b, 0) : p.stock });
    }
    catalog.push({ shop, products });
  }

  // Coupons of the first shop (issue 32): one active percent, one used up, one free delivery; orders below use them.
  const couponShop = catalog[0]!.shop;
  const coupon = (code: string, type: CouponFormInput['type'], value: string, maxUses = '') =>
    createCoupon(env.db, couponShop, { code, type, value, minOrder: '', startsOn: '', endsOn: '', maxUses, oncePerBuyer: false, isActive: true }, now);
  await coupon('EID10', 'percent', '10');
  await coupon('LAUNCH300', 'amount', '300', '2');
  await coupon('SHIPFREE', 'free_delivery', '');
  const couponOf = (shopId: number, i: number) => (shopId === couponShop.id ? { 1: 'EID10', 2: 'LAUNCH300', 3: 'SHIPFREE', 5: 'LAUNCH300' }[i] : undefined);

  // Commission at 5% and two plans (issue 48), before the orders: checkout freezes the rate on each.
  const { monthlyPlanId } = await seedBillingBeforeOrders(env, people.adminId);

  // Orders across the last three weeks, in every status, so dashboards and charts have something to show.
  // Issue 29: shipped orders name their courier (most with a tracking number), the first shop has one
  // order returned at the door, and that guest's number on its block list.
  const statuses: OrderStatus[] = ['delivered', 'delivered', 'shipped', 'confirmed', 'pending', 'pending', 'cancelled', 'delivered'];
  let orders = 0;
  let returned: { shop: ShopRef; orderId: number } | null = null;
  // Issue 30: each shop's oldest delivered order has its cash received two days after delivery, with the
  // courier's slip number; the others are awaited from the courier (/shop/cash).
  const paid: Array<{ shop: ShopRef; orderId: number }> = [];
  for (const { shop, products } of catalog) {
    // Out-of-stock products cannot be ordered.
    const inStock = products.filter((p) => p.stock > 0);
    for (const [i, planned] of statuses.entries()) {
      const status: OrderStatus = !returned && i === 7 ? 'returned' : planned;
      const guest = i % 4 === 3 || status === 'returned';
      const picked = [inStock[i % inStock.length]!, inStock[(i + 2) % inStock.length]!].slice(0, 1 + (i % 2));
      const ship = SHIP[i % SHIP.length]!;
      const placed = await createOrder(
        env,
        picked.map((product, n) => ({ product, quantity: 1 + ((i + n) % 3), color: product.colors[0] ?? null, size: product.sizes[0] ?? null })),
        {
          buyer: guest ? null : people.buyer.id,
          status,
          shipping: {
            fullName: guest ? 'Guest Shopper' : people.buyer.fullName,
            email: guest ? 'guest@demo.test' : people.buyer.email,
            // The parcel refused at the door came from a number of its own: the one the shop blocks.
            phone: status === 'returned' ? '+92 345 0001122' : guest ? '+92 301 5556677' : people.buyer.phone,
            ...ship,
            notes: i === 0 ? 'Please call before delivery.' : '',
          },
          coupon: couponOf(shop.id, i),
          shipment: { courier: COURIERS[(i + shop.id) % COURIERS.length]!, trackingNumber: i % 3 === 2 ? null : `${1000 + shop.id}-${7731220 + i * 13}` },
          at: new Date(now.getTime() - (20 - i * 2.5 - (shop.id % 3)) * DAY_MS),
        },
      );
      if (status === 'returned') returned = { shop, orderId: placed.id };
      if (status === 'delivered' && i === 0) paid.push({ shop, orderId: placed.id });
      orders += 1;
    }
  }

  if (returned) await blockOrderPhone(env.db, { orderId: returned.orderId, shopId: returned.shop.id, now });
  for (const { shop, orderId } of paid) {
    const { status_changed_at: delivered } = await env.db.selectFrom('orders').select('status_changed_at').where('id', '=', orderId).executeTakeFirstOrThrow();
    const receivedOn = dayIn(new Date(Date.parse(delivered ?? now.toISOString()) + 2 * DAY_MS), DEMO_TIME_ZONE);
    await markCashReceived(env.db, env.events, { shopId: shop.id, orderIds: [orderId], receivedOn, reference: `SLIP-${4400 + shop.id}`, now, timeZone: DEMO_TIME_ZONE });
  }

  // Sara's Boutique paid its Monthly plan (Pro ends in 5 days) and half the commission it owes.
  await seedBillingAfterOrders(env, people.adminId, catalog[0]!.shop, monthlyPlanId, DEMO_TIME_ZONE);

  // The demo buyer follows Gadget Hub (issue 50): /following lists its newest products.
  await setFollowing(env.db, people.buyer.id, catalog[1]!.shop.id, true, now);
  await seedReturningBuyer(env, people.buyer.id, catalog, now);

  // Reviews from the demo buyers.
  const comments = ['Great quality, fast delivery!', 'Exactly as described.', 'Good value for the price.', '', 'Would buy again.'];
  let reviews = 0;
  for (const [s, { shop, products }] of catalog.entries()) {
    for (const [r, user] of people.reviewerIds.entries()) {
      const at = new Date(now.getTime() - (r + 1) * DAY_MS);
      await createReview(env, { user, of: { shop }, rating: 5 - ((s + r) % 3), comment: comments[(s + r) % comments.length], at });
      reviews += 1;
    }
    for (const [p, product] of products.slice(0, 3).entries()) {
      for (const [r, user] of people.reviewerIds.slice(0, 2 + (p % 2)).entries()) {
        const at = new Date(now.getTime() - (p + r + 1) * 12 * HOUR_MS);
        await createReview(env, { user, of: { product }, rating: 5 - ((p + r) % 2), comment: comments[(p + r + 1) % comments.length], at });
        reviews += 1;
      }
    }
  }

  await seedModeration(env, catalog, people.adminId);

  // Homepage sliders with generated banners, uploaded as the admin.
  const banners = [
    { title: 'Summer Lawn Sale', subtitle: "Up to 20% off at Sara's Boutique", from: '#c2255c', to: '#f59f00', redirect: '/shop/saras-boutique' },
    { title: 'New Gadgets Weekly', subtitle: 'Phones, audio and wearables at Gadget Hub', from: '#1864ab', to: '#15aabf', redirect: '/shop/gadget-hub' },
    { title: 'Fresh From the Farm', subtitle: 'Browse every shop in the marketplace', from: '#2b8a3e', to: '#94d82d', redirect: '/browse' },
  ];
  for (const [order, banner] of banners.entries()) {
    const image = await bannerImage(banner.title, banner.subtitle, banner.from, banner.to);
    await createSlider(env, { admin: people.adminId, title: banner.title, redirectUrl: banner.redirect, image, displayOrder: order });
  }

  // The marketplace's pages (issue 47): About, Terms, Privacy and Returns published with their starter text, as the admin.
  const admin = { userId: people.adminId, name: 'Demo admin', role: 'admin' as const };
  const published = ['about', 'terms', 'privacy', 'returns'];
  for (const page of await listPages(env.db)) {
    if (published.includes(page.address)) await updatePage(env.db, page.id, { ...(await getPage(env.db, page.id)), published: true }, admin, now);
  }

  return { shops: catalog.length, products: catalog.reduce((n, c) => n + c.products.length, 0), orders, reviews, sliders: banners.length, pages: published.length };
}

/**
 * Moderation (issue 49): a review hidden by the admin, a shop owner's reply, and a few open reports from
 * guests (a product, a shop, a review) for /admin/reports.
 */
async function seedModeration(env: FactoryEnv, catalog: Array<{ shop: ShopRef; products: ProductRef[] }>, adminId: number) {
  const now = env.clock.now;
  const [first, second] = catalog;
  if (!first?.products[0] || !second) return;
  const reviewOf = async (productId: number) =>
    env.db.selectFrom('product_reviews').select('id').where('product_id', '=', productId).orderBy('id').executeTakeFirstOrThrow();
  const hidden = await reviewOf(first.products[0].id);
  await setReviewHidden(env.db, 'product', hidden.id, true, { userId: adminId, name: 'Admin', role: 'admin' }, now);
  const reported = first.products[1] ?? first.products[0];
  const reports = [
    { thing: { type: 'product' as const, id: reported.id }, reason: 'counterfeit' as const, details: 'The brand label looks printed, not stitched.', key: 'demo-guest-key-0001' },
    { thing: { type: 'product' as const, id: reported.id }, reason: 'misleading' as const, details: '', key: 'demo-guest-key-0002' },
    { thing: { type: 'shop' as const, id: second.shop.id }, reason: 'scam' as const, details: 'Paid the courier, the parcel was empty.', key: 'demo-guest-key-0003' },
    { thing: { type: 'product_review' as const, id: (await reviewOf(second.products[0]?.id ?? reported.id)).id }, reason: 'spam' as const, details: '', key: 'demo-guest-key-0004' },
  ];
  // The owner's public reply to a review of their shop.
  const shopReview = await env.db.selectFrom('shop_reviews').select('id').where('shop_id', '=', first.shop.id).orderBy('id').executeTakeFirstOrThrow();
  await replyToReview(env.db, first.shop.id, 'shop', shopReview.id, 'Thank you for shopping with us! See you again soon.', now);
  for (const r of reports) await submitReport(env.db, { thing: r.thing, reason: r.reason, details: r.details, clientKey: r.key }, { userId: null }, now);
}

/**
 * What the demo buyer finds on any device (issue 50): saved products (one saved before its discount,
 * so /saved says the price dropped; one sold out) and a cart kept on the server, with one product from
 * each of two shops, so /cart shows two couriers each collecting its own total.
 */
async function seedReturningBuyer(env: FactoryEnv, buyerId: number, catalog: ReadonlyArray<{ shop: ShopRef; products: Array<ProductRef & { colors: string[]; sizes: string[] }> }>, now: Date) {
  const [sara, gadgets] = [catalog[0]!, catalog[1]!];
  const named = (shop: (typeof catalog)[number], name: string) => {
    const product = shop.products.find((p) => p.name === name);
    if (!product) throw new Error(`No demo product ${name}`);
    return product;
  };
  const dupatta = named(sara, 'Chiffon Dupatta');
  const watch = named(gadgets, 'Fitness Watch');
  for (const product of [dupatta, named(gadgets, 'Studio Wireless Headphones'), named(sara, 'Khussa Slippers')]) {
    await setSaved(env.db, buyerId, product.id, true, now);
  }
  // Saved as a guest before its Rs 900 off, then merged at sign-in as the browser kept it.
  const handbag = named(sara, 'Leather Handbag');
  await mergeGuestSaved(env.db, buyerId, { entries: [{ productId: handbag.id, price: parseMajorToMinor('7900', 'PKR')!, currency: 'PKR', savedAt: new Date(now.getTime() - 3 * DAY_MS).toISOString() }] }, now);

  for (const product of [dupatta, watch]) {
    const line = { productId: product.id, color: product.colors[0] ?? null, size: product.sizes[0] ?? null, quantity: 1, mode: 'add' as const };
    await changeCartLine(env.db, env.config.storage, buyerId, line, DEFAULT_MAX_UNITS_PER_PRODUCT, now, 'en');
  }
}
