import type { ActivityActor } from '../activity/activity.service';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { OrderStatus, Role } from '../../shared/constants';
import type { Language } from '../../shared/i18n/language';
import { minorToMajorString } from '../../shared/money';
import { canTransition, nextStatuses } from '../../shared/order-status';
import { checkoutSchema, type ShippingInput } from '../../shared/schemas/checkout';
import type { DeliveryFormInput } from '../../shared/schemas/delivery';
import { type ShopPoliciesInput, shopPoliciesSchema } from '../../shared/schemas/shop-policies';
import type { ProductFormInput } from '../../shared/schemas/product';
import { createShopSchema } from '../../shared/schemas/shop';
import { setShopActive } from '../admin/admin.service';
import { hashPassword } from '../auth/password';
import { createCategory as saveCategory } from '../categories/categories.service';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import type { AppEvents } from '../events';
import { changeOrderStatus, placeCheckout } from '../orders/orders.service';
import { createProduct as saveProduct, setProductActive } from '../products/products.service';
import { saveReview } from '../reviews/reviews.service';
import { createShop as saveShop, setDeliveryRule, setShopPolicies, updateShopSettings } from '../shops/shops.service';
import { addSlider } from '../sliders/sliders.service';
import { type StoredImage, storeImage } from '../uploads/uploads.service';
import { chooseRole, createAccount, findSessionUser, grantAdmin, setPro } from '../users/users.service';
import { acceptInvitation, findShopAccess, inviteStaff, type ShopContext } from '../staff/staff.service';
import type { StaffRole } from '../../shared/staff';

/** Who the fixtures' admin actions are by, in the activity log. */
export const FIXTURE_ACTOR: ActivityActor = { userId: null, name: 'Test fixture', role: 'system' };

/**
 * One set of factories for the router tests, the e2e fixtures and the demo seed. Each goes through
 * the service the app itself uses; the few raw writes are states no service can reach, each with its
 * reason. Every factory reads the time from `env.clock`, unless given `at`.
 */
export interface FactoryEnv {
  db: DB;
  config: Pick<AppConfig, 'storage'>;
  events: AppEvents;
  clock: { now: Date };
}

export const TEST_PASSWORD = 'password123';
// A fixed scrypt hash of TEST_PASSWORD, so tests do not pay for hashing at all.
const TEST_PASSWORD_HASH =
  'scrypt$32768$8$1$FUSB1cTZsee4tpkeHpI2Cg==$Z+X5YBb2NdBtDrz5sp8W4f0BMoTz7QM6LVf20OL29Zzgi7nwN+l7BlW8D0MaRGi4smHp/6q3Om0pRtisUxwM8Q==';
const hashes = new Map<string, Promise<string>>([[TEST_PASSWORD, Promise.resolve(TEST_PASSWORD_HASH)]]);

/** scrypt is slow by design: each distinct password is hashed once per process. */
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

let counter = 0;
const next = () => (counter += 1);
const unique = () => `${next()}-${randomUUID().slice(0, 8)}`;

/** A real PNG of one colour, for uploads. */
export function pngImage(color = '#1477c8', width = 32, height = 24): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/** An image uploaded by `ownerId` through the upload service (a real file with its upload row). */
export async function uploadImage(env: FactoryEnv, ownerId: number, image: Buffer | string = '#1477c8', at = env.clock.now): Promise<StoredImage> {
  const data = typeof image === 'string' ? await pngImage(image) : image;
  return storeImage(env.db, env.config.storage, ownerId, data, at);
}

export interface UserOptions {
  email?: string;
  password?: string;
  fullName?: string;
  phone?: string;
  roles?: Role[];
  /** When a shopkeeper's trial started (default: when the role is chosen); null: never started. */
  trialStartAt?: Date | null;
  isPro?: boolean;
  at?: Date;
}

/** An account with a profile, its roles chosen as the app chooses them. Returns the user id. */
export async function createUser(env: FactoryEnv, options: UserOptions = {}): Promise<number> {
  const at = options.at ?? env.clock.now;
  const email = (options.email ?? `user${unique()}@example.test`).toLowerCase();
  const id = await createAccount(
    env.db,
    { email, passwordHash: await hashOnce(options.password ?? TEST_PASSWORD), fullName: options.fullName ?? `Test User ${counter}`, phone: options.phone ?? '+15550000000' },
    at,
  );
  for (const role of options.roles ?? []) {
    if (role === 'admin') await grantAdmin(env.db, email, at);
    else await chooseRole(env.db, id, role, role === 'shopkeeper' ? (options.trialStartAt ?? at) : at);
  }
  if (options.trialStartAt === null) {
    // A shopkeeper whose trial never started (accounts from before role selection started it): no service unsets it.
    await env.db.updateTable('profiles').set({ trial_start_at: null }).where('user_id', '=', id).execute();
  }
  if (options.isPro) await setPro(env.db, id, true, at, FIXTURE_ACTOR);
  return id;
}

/**
 * Moves the start of a user's trial, e.g. into the past so it has expired. A raw write: the trial
 * starts once, at the time the role is chosen, and no service ever moves it.
 */
export async function moveTrialStart(db: DB, userId: number, startedAt: Date): Promise<void> {
  await db.updateTable('profiles').set({ trial_start_at: startedAt.toISOString() }).where('user_id', '=', userId).execute();
}

export interface ShopOptions {
  /** The owner's user id; default: a new shopkeeper whose trial starts now. */
  owner?: number;
  name?: string;
  slug?: string;
  description?: string;
  currency?: string;
  /** A percentage, as typed in the form ("8.25"). */
  taxRate?: string | number;
  whatsapp?: string;
  contactEmail?: string;
  contactPhone?: string;
  /** The Delivery section of the settings as typed (major units); absent: the marketplace default. */
  delivery?: DeliveryFormInput;
  /** The Policies section (issue 47): "Returns and exchanges" and "Delivery time" as typed. */
  policies?: ShopPoliciesInput;
  /** Logo and cover: an image to upload, or true for a plain one. */
  logo?: Buffer | boolean;
  cover?: Buffer | boolean;
  isActive?: boolean;
  at?: Date;
}

export interface ShopRef {
  id: number;
  slug: string;
  name: string;
  currency: string;
  ownerId: number;
  logoUrl: string | null;
  coverUrl: string | null;
}

/** A shop created as the shop form creates it, with its pictures saved through the settings. */
export async function createShop(env: FactoryEnv, options: ShopOptions = {}): Promise<ShopRef> {
  const at = options.at ?? env.clock.now;
  const n = unique();
  const ownerId = options.owner ?? (await createUser(env, { roles: ['shopkeeper'], at }));
  const input = createShopSchema.parse({
    name: options.name ?? `Shop ${options.slug ?? n}`,
    slug: options.slug ?? `shop-${n}`,
    description: options.description ?? 'A test shop',
    contactEmail: options.contactEmail ?? '',
    contactPhone: options.contactPhone ?? '',
    whatsappNumber: options.whatsapp ?? '+92 300 1234567',
    currency: options.currency ?? 'USD',
    taxRate: options.taxRate ?? '0',
  });
  const shop = await saveShop(env.db, ownerId, input, at);
  const picture = async (image: Buffer | boolean | undefined, color: string) =>
    image ? uploadImage(env, ownerId, image === true ? color : image, at) : null;
  const logo = await picture(options.logo, '#1477c8');
  const cover = await picture(options.cover, '#010203');
  if (logo || cover) {
    const { slug: _slug, taxRate: _taxRate, ...settings } = input;
    await updateShopSettings(
      env.db,
      env.config.storage,
      ownerId,
      shop.id,
      { ...settings, logoUrl: logo?.url ?? null, profilePictureUrl: logo?.url ?? null, coverImageUrl: cover?.url ?? null },
      at,
    );
  }
  if (options.delivery) await setDeliveryRule(env.db, { id: shop.id, currency: input.currency }, options.delivery, at);
  if (options.policies) await setShopPolicies(env.db, shop.id, shopPoliciesSchema.parse(options.policies), at);
  if (options.isActive === false) await setShopActive(env.db, shop.id, false, FIXTURE_ACTOR, at);
  return { id: shop.id, slug: shop.slug, name: input.name, currency: input.currency, ownerId, logoUrl: logo?.url ?? null, coverUrl: cover?.url ?? null };
}

/** A category of the shop, named as the owner names it. */
export async function createCategory(env: FactoryEnv, shop: Pick<ShopRef, 'id'>, name = `Category ${next()}`, at = env.clock.now) {
  return saveCategory(env.db, shop.id, { name, description: '' }, at);
}

export interface ProductOptions {
  name?: string;
  brand?: string;
  /** Minor units of the shop's currency (the factory types it in major units, as the form does). */
  price?: number;
  stock?: number;
  unit?: ProductFormInput['unit'];
  /** A whole percent, or a fixed amount in minor units. */
  discount?: { type: 'percent' | 'fixed'; value: number } | null;
  colors?: string[];
  sizes?: string[];
  /**
   * Stock per variant (issue 19): each combination of colors and sizes, keyed 'color|size' ('' for
   * the option it lacks), with its stock and optionally its price (minor units) and SKU; combinations
   * left out have stock 0. The product then ignores `stock`.
   */
  variants?: Record<string, { stock: number; price?: number; sku?: string }>;
  customFields?: Array<{ name: string; value: string }>;
  categoryId?: number | null;
  descriptionHtml?: string;
  /** Pictures to upload as the owner: how many plain ones, or the images themselves. */
  images?: number | Buffer[];
  isActive?: boolean;
  at?: Date;
}

export interface ProductRef {
  id: number;
  slug: string;
  name: string;
  shopId: number;
  ownerId: number;
  images: StoredImage[];
}

const IMAGE_COLORS = ['#d9480f', '#2b8a3e', '#1864ab', '#862e9c'];

/** A product saved through the product service, as its form sends it, with real uploaded images. */
export async function createProduct(env: FactoryEnv, shop: Pick<ShopRef, 'id' | 'ownerId' | 'currency'>, options: ProductOptions = {}): Promise<ProductRef> {
  const at = options.at ?? env.clock.now;
  const name = options.name ?? `Product ${next()}`;
  const pictures = typeof options.images === 'number' ? IMAGE_COLORS.slice(0, options.images) : (options.images ?? []);
  const images: StoredImage[] = [];
  for (const picture of pictures) images.push(await uploadImage(env, shop.ownerId, picture, at));
  const money = (minor: number) => minorToMajorString(minor, shop.currency);
  const { discount } = options;
  const form: ProductFormInput = {
    name,
    brand: options.brand ?? '',
    categoryId: options.categoryId ?? null,
    descriptionHtml: options.descriptionHtml ?? '<p>Nice.</p>',
    sellingPrice: money(options.price ?? 1999),
    stockAmount: String(options.stock ?? 50),
    unit: options.unit ?? 'pieces',
    colors: options.colors ?? [],
    sizes: options.sizes ?? [],
    images: images.map((image, position) => ({ url: image.url, isPrimary: position === 0 })),
    customFields: options.customFields ?? [],
    discountType: discount?.type ?? null,
    discountValue: discount ? (discount.type === 'fixed' ? money(discount.value) : String(discount.value)) : null,
    ...(options.variants
      ? {
          stockMode: 'per_variant' as const,
          variants: Object.entries(options.variants).map(([key, v]) => {
            const [color = '', size = ''] = key.split('|');
            return { color: color || null, size: size || null, stock: String(v.stock), price: v.price === undefined ? null : money(v.price), sku: v.sku ?? null };
          }),
        }
      : {}),
  };
  const product = await saveProduct(env.db, { userId: shop.ownerId, shop }, form, at);
  if (options.isActive === false) await setProductActive(env.db, shop.id, product.id, false, at);
  return { id: product.id, slug: product.slug, name, shopId: shop.id, ownerId: shop.ownerId, images };
}

export const SHIPPING: ShippingInput = {
  fullName: 'Ayesha Khan',
  email: 'Ayesha@Example.test',
  phone: '+92 300 7654321',
  address: '12 Mall Road',
  city: 'Lahore',
  postalCode: '54000',
  notes: 'Ring twice',
};

export interface OrderLine {
  product: ProductRef;
  quantity?: number;
  color?: string | null;
  size?: string | null;
}

export interface OrderOptions {
  /** The signed-in buyer's id; null or absent: a guest. */
  buyer?: number | null;
  /** Where the workflow has taken it (default pending); each step is taken by the shop's owner. */
  status?: OrderStatus;
  shipping?: Partial<ShippingInput>;
  /** A coupon code of the order's shop (issue 32), checked and counted as checkout does. */
  coupon?: string;
  /** The shipment when the workflow takes it through shipped (default TCS, no tracking number). */
  shipment?: { courier: string; trackingNumber: string | null };
  /** The page language the buyer ordered from (default English). */
  language?: Language;
  at?: Date;
}

// How far apart the demo's status changes are, so an order's history reads like real handling.
const STATUS_STEP_MS = 3_600_000;

/** An order placed through checkout (stock taken, totals computed) and moved through the status workflow. */
export async function createOrder(env: FactoryEnv, lines: ProductRef | OrderLine[], options: OrderOptions = {}) {
  const at = options.at ?? env.clock.now;
  const list = Array.isArray(lines) ? lines : [{ product: lines }];
  const shop = list[0]?.product;
  if (!shop || list.some((l) => l.product.shopId !== shop.shopId)) throw new Error('createOrder places one order: products of one shop');
  const input = checkoutSchema.parse({
    items: list.map((l) => ({ productId: l.product.id, quantity: l.quantity ?? 1, color: l.color ?? null, size: l.size ?? null })),
    shipping: { ...SHIPPING, ...options.shipping },
    coupons: options.coupon ? [{ shopId: shop.shopId, code: options.coupon }] : [],
  });
  const [order] = await placeCheckout(env.db, env.events, { ...input, buyerId: options.buyer ?? null, now: at, language: options.language });
  if (!order) throw new Error('Checkout placed no order');
  const target = options.status ?? 'pending';
  const actor = { kind: 'shop' as const, shopId: shop.shopId, userId: shop.ownerId };
  let status: OrderStatus = 'pending';
  for (let step = 1; status !== target; step += 1) {
    const to: OrderStatus | undefined = canTransition(status, target) ? target : nextStatuses(status)[0];
    if (!to) throw new Error(`No way from ${status} to ${target}`);
    const shipment = to === 'shipped' ? (options.shipment ?? { courier: 'TCS', trackingNumber: null }) : undefined;
    await changeOrderStatus(env.db, env.events, { orderId: order.id, to, actor, now: new Date(at.getTime() + step * STATUS_STEP_MS), shipment });
    status = to;
  }
  return { ...order, status };
}

/** A banner on the home page, its image uploaded by the admin who adds it. */
export async function createSlider(
  env: FactoryEnv,
  options: { admin?: number; title?: string | null; redirectUrl?: string; image?: Buffer; displayOrder?: number; at?: Date } = {},
) {
  const at = options.at ?? env.clock.now;
  const adminId = options.admin ?? (await createUser(env, { roles: ['admin'], at }));
  const image = await uploadImage(env, adminId, options.image ?? (await pngImage('#0d7a6f', 1200, 525)), at);
  const input = { title: options.title ?? null, imageUrl: image.url, redirectUrl: options.redirectUrl ?? '/browse', displayOrder: options.displayOrder ?? 0 };
  const id = await addSlider(env.db, adminId, input, at);
  return { id, ...input };
}

/** A review of a shop or a product, saved as the review form saves it. */
export async function createReview(
  env: FactoryEnv,
  options: { user: number; of: { shop: Pick<ShopRef, 'id'> } | { product: Pick<ProductRef, 'id'> }; rating?: number; comment?: string; at?: Date },
) {
  const target = 'shop' in options.of ? { kind: 'shop' as const, id: options.of.shop.id } : { kind: 'product' as const, id: options.of.product.id };
  await saveReview(env.db, target, { userId: options.user, rating: options.rating ?? 5, comment: options.comment ?? '' }, options.at ?? env.clock.now);
}

/** The shop context of a shop's owner, as the shop tier hands it to services. */
export async function ownerContext(env: FactoryEnv, shop: Pick<ShopRef, 'ownerId'>): Promise<ShopContext> {
  const user = await findSessionUser(env.db, shop.ownerId);
  const access = user ? await findShopAccess(env.db, user) : null;
  if (!user || !access) throw new Error('not a shop owner');
  return { shop: access.shop, user, role: access.role };
}

/**
 * A helper of `shop` in `role` (issue 51), invited by its owner and accepted as the screens do. A new
 * account (a buyer) unless `user` names one. Returns the helper's user id.
 */
export async function createStaff(
  env: FactoryEnv,
  shop: Pick<ShopRef, 'ownerId'>,
  options: { role?: StaffRole; user?: number; fullName?: string; email?: string; password?: string; at?: Date } = {},
): Promise<number> {
  const at = options.at ?? env.clock.now;
  const userId = options.user ?? (await createUser(env, { roles: ['buyer'], fullName: options.fullName, email: options.email, password: options.password, at }));
  const helper = await findSessionUser(env.db, userId);
  if (!helper) throw new Error('no such user');
  const invitation = await inviteStaff(env.db, await ownerContext(env, shop), { email: helper.email, role: options.role ?? 'orders' }, { origin: 'http://localhost', language: 'en', mail: null, now: at });
  await acceptInvitation(env.db, helper, new URL(invitation.url).searchParams.get('token')!, at);
  return userId;
}
