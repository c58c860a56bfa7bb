import { issueResetLink } from '../auth/password-reset.service';
import fs from 'node:fs';
import path from 'node:path';
import type { AnyProcedure } from '@trpc/server';
import { MAX_PRICE_MINOR } from '../../shared/pricing';
import { phoneKey } from '../../shared/phone';
import { dayIn } from '../../shared/cash';
import { markCashReceived } from '../orders/cash.service';
import { blockOrderPhone } from '../orders/dispatch.service';
import { setProductActive as takeDownProduct } from '../admin/admin.service';
import { createCoupon } from '../coupons/coupons.service';
import { recordPayment, savePlan } from '../billing/billing.service';
import { setShopCommissionRate } from '../commission/commission.service';
import type { ProductFormInput } from '../../shared/schemas/product';
import {
  createCategory,
  createOrder,
  createProduct,
  createReview,
  createShop,
  createSlider,
  createStaff,
  createUser,
  type FactoryEnv,
  FIXTURE_ACTOR,
  moveTrialStart,
  ownerContext,
  type ProductRef,
  SHIPPING,
  type ShopRef,
  TEST_PASSWORD,
  uploadImage,
} from '../testing/factories';
import { type Caller, createTestEnv, snapshotTestEnv, type TestEnv, type TestSnapshot } from '../testing/test-app';
import { appRouter } from '../trpc/app-router';
import { startImport } from '../products/product-import.service';
import { submitReport } from '../reports/reports.service';
import { setSuspended } from '../users/suspension.service';
import { orderUpdatesLink } from '../users/order-updates.service';
import { signedLink } from '../mail/signed-links';
import { backInStockLink } from '../back-in-stock/back-in-stock.service';
import { inviteStaff } from '../staff/staff.service';

/**
 * One small marketplace for the permission matrix and the fuzzing: an owner's shop with a visible
 * and a hidden product, a buyer's order and a guest's order on it, another shopkeeper's shop, an
 * admin's slider, unattached uploads, and the callers the issue names; the owner's shop has two
 * helpers (issue 51), one "Orders" and one "Orders and products", and an invitation not yet used.
 */

export const CALLERS = ['guest', 'noRole', 'buyer', 'otherShopkeeper', 'owner', 'expiredOwner', 'admin', 'staffOrders', 'staffProducts'] as const;
export type CallerName = (typeof CALLERS)[number];

/** Texts planted in private data: a response to someone not entitled to that data must never contain them. */
/** The key the world's emails' links are signed with. */
const LINK_KEY = 'world-email-link-key';

export const MARKS = {
  ownerEmail: 'owner-mark@example.test',
  hiddenProduct: 'Hidden Mark Product',
  takenDownProduct: 'Taken Down Mark Product',
  buyerAddress: '1 Buyer Mark Street',
  buyerNotes: 'Buyer mark notes',
  guestEmail: 'guest-mark@example.test',
  guestAddress: '2 Guest Mark Street',
  guestPhone: '+1 (555) 010-4242',
  guestNotes: 'Guest mark notes',
} as const;

export interface World {
  users: Record<Exclude<CallerName, 'guest' | 'expiredOwner'>, number>;
  ownerShop: ShopRef;
  otherShop: ShopRef;
  product: ProductRef;
  hiddenProduct: ProductRef;
  /** Hidden by an admin, its owner's switch still on. */
  takenDownProduct: ProductRef;
  dearProduct: ProductRef;
  /** Sold out: buyers may ask to be told when it is back (issue 50). */
  soldOutProduct: ProductRef;
  buyerOrder: { id: number; orderNumber: string };
  guestOrder: { id: number; orderNumber: string };
  /** A shipped order of the owner's shop (its courier can be corrected). */
  shippedOrder: { id: number; orderNumber: string };
  /** A delivered order of the owner's shop: its cash is awaited, one received (issue 30). */
  deliveredOrder: { id: number; orderNumber: string };
  paidOrder: { id: number; orderNumber: string };
  /** Today in the marketplace's time zone, as the world's clock stands. */
  cashDay: string;
  sliderId: number;
  /** The owner's shop's coupon WORLD10 (10% off). */
  couponId: number;
  importId: number;
  /** The buyer's review of `product`. */
  productReviewId: number;
  suspendedUser: number;
  /** Uploaded and not yet used by any record. */
  ownerUpload: string;
  adminUpload: string;
  /** A live password-reset token of the user without a role (an admin's link). */
  resetToken: string;
  /** An open invitation of the owner's shop (for an email with no account yet) and its link's token. */
  invitationId: number;
  invitationToken: string;
  /** A Pro plan, and a payment for the other shop (the owner's own trial stays as it is). */
  planId: number;
  paymentId: number;
}

export async function buildWorld(env: FactoryEnv): Promise<World> {
  const admin = await createUser(env, { roles: ['admin'] });
  const noRole = await createUser(env);
  const buyer = await createUser(env, { roles: ['buyer'] });
  const owner = await createUser(env, { roles: ['shopkeeper'], email: MARKS.ownerEmail });
  const otherShopkeeper = await createUser(env, { roles: ['shopkeeper'] });
  const ownerShop = await createShop(env, { owner, logo: true, taxRate: '8.25' });
  const otherShop = await createShop(env, { owner: otherShopkeeper });
  // The owner's shop pays 10% commission (issue 48): its delivered orders below owe some.
  await setShopCommissionRate(env.db, ownerShop.id, 1000, FIXTURE_ACTOR, env.clock.now);
  const staffOrders = await createStaff(env, ownerShop, { role: 'orders' });
  const staffProducts = await createStaff(env, ownerShop, { role: 'orders_products' });
  const invitation = await inviteStaff(env.db, await ownerContext(env, ownerShop), { email: 'invitee@example.test', role: 'orders' }, { origin: 'http://localhost', language: 'en', mail: null, now: env.clock.now });
  const category = await createCategory(env, ownerShop);
  const product = await createProduct(env, ownerShop, { images: 1, stock: 40, categoryId: category.id });
  const hiddenProduct = await createProduct(env, ownerShop, { name: MARKS.hiddenProduct, isActive: false });
  const takenDownProduct = await createProduct(env, ownerShop, { name: MARKS.takenDownProduct });
  await takeDownProduct(env.db, takenDownProduct.id, false, FIXTURE_ACTOR, env.clock.now);
  // The dearest product the form accepts, in plenty: orders of it test that amounts stay exact.
  const dearProduct = await createProduct(env, ownerShop, { price: MAX_PRICE_MINOR, stock: 999_999_999 });
  const soldOutProduct = await createProduct(env, ownerShop, { stock: 0 });
  await createProduct(env, otherShop);
  const buyerOrder = await createOrder(env, [{ product, quantity: 2 }], { buyer, shipping: { address: MARKS.buyerAddress, notes: MARKS.buyerNotes } });
  const guestOrder = await createOrder(env, product, {
    shipping: { email: MARKS.guestEmail, address: MARKS.guestAddress, phone: MARKS.guestPhone, notes: MARKS.guestNotes },
  });
  const shippedOrder = await createOrder(env, product, { status: 'shipped' });
  const cashDay = dayIn(env.clock.now, 'Asia/Karachi');
  const dayBefore = new Date(env.clock.now.getTime() - 86_400_000);
  const deliveredOrder = await createOrder(env, product, { status: 'delivered', at: dayBefore });
  const paidOrder = await createOrder(env, product, { status: 'delivered', at: dayBefore });
  await markCashReceived(env.db, env.events, {
    shopId: ownerShop.id,
    orderIds: [paidOrder.id],
    receivedOn: cashDay,
    reference: 'SLIP-1',
    now: env.clock.now,
    timeZone: 'Asia/Karachi',
  });
  // The owner's block list holds the guest's number (taking it off is the owner's alone).
  await blockOrderPhone(env.db, { orderId: guestOrder.id, shopId: ownerShop.id, now: env.clock.now });
  await createReview(env, { user: buyer, of: { product } });
  await createReview(env, { user: buyer, of: { shop: ownerShop } });
  // A suspended account (issue 49), for the admin to unsuspend.
  const suspendedUser = await createUser(env);
  await setSuspended(env.db, suspendedUser, { reason: 'Spam' }, FIXTURE_ACTOR, admin, env.clock.now);
  const productReview = await env.db.selectFrom('product_reviews').select('id').where('product_id', '=', product.id).executeTakeFirstOrThrow();
  // A guest's open report of the owner's product (issue 49), for the admin to resolve.
  await submitReport(env.db, { thing: { type: 'product', id: product.id }, reason: 'counterfeit', details: '', clientKey: 'world-reporter-key-01' }, { userId: null }, env.clock.now);
  const slider = await createSlider(env, { admin });
  const coupon = await createCoupon(env.db, ownerShop, couponForm('WORLD10'), env.clock.now);
  const resetLink = await issueResetLink(env.db, { userId: noRole, issuedBy: admin, publicUrl: 'http://localhost', language: 'en', now: env.clock.now });
  // A catalogue import the owner ran (issue 34), finished: its result is shown until put away.
  const imported = await startImport(env.db, env.config.storage, { userId: owner, shop: ownerShop }, { name: 'products.csv', data: Buffer.from('Name,Price,Stock\nImported lamp,12,3\n') }, () => env.clock.now);
  if (!imported.started) throw new Error('the world import did not start');
  await imported.finished;
  const plan = await savePlan(env.db, null, { name: 'Monthly', months: 1, price: '1500', currency: 'USD', isActive: true }, FIXTURE_ACTOR, env.clock.now);
  const paid = await recordPayment(env.db, { shopId: otherShop.id, planId: plan.id, months: null, amount: '1500', paidOn: cashDay, reference: 'EP-1' }, FIXTURE_ACTOR, env.clock.now, 'Asia/Karachi');
  return {
    importId: imported.id,
    productReviewId: productReview.id,
    suspendedUser,
    users: { admin, noRole, buyer, owner, otherShopkeeper, staffOrders, staffProducts },
    invitationId: (await env.db.selectFrom('shop_staff_invitations').select('id').where('email', '=', 'invitee@example.test').executeTakeFirstOrThrow()).id,
    invitationToken: new URL(invitation.url).searchParams.get('token')!,
    ownerShop,
    otherShop,
    product,
    hiddenProduct,
    takenDownProduct,
    dearProduct,
    soldOutProduct,
    buyerOrder,
    guestOrder,
    shippedOrder,
    deliveredOrder,
    paidOrder,
    cashDay,
    sliderId: slider.id,
    couponId: coupon.id,
    ownerUpload: (await uploadImage(env, owner, '#123456')).url,
    adminUpload: (await uploadImage(env, admin, '#654321')).url,
    resetToken: new URL(resetLink.url).searchParams.get('token')!,
    planId: plan.id,
    paymentId: paid.id,
  };
}

/** The world built once and frozen: each case then runs on its own copy (see `onCopy`). */
export interface Stage {
  world: World;
  inputs: Record<string, unknown>;
  snapshot: TestSnapshot;
}

export async function buildStage(): Promise<Stage> {
  const env = createTestEnv();
  try {
    const world = await buildWorld(env);
    return { world, inputs: validInputs(world), snapshot: await snapshotTestEnv(env) };
  } finally {
    await removeEnv(env);
  }
}

export function removeStage(stage: Stage | undefined): void {
  if (stage) fs.rmSync(path.dirname(stage.snapshot.dbFile), { recursive: true, force: true });
}

async function removeEnv(env: TestEnv): Promise<void> {
  await env.db.destroy();
  fs.rmSync(env.dir, { recursive: true, force: true });
}

/** A fresh copy of the frozen world (email configured, so the procedures that write emails write them); the caller removes it. */
export function openCopy(stage: Stage): { env: TestEnv; remove: () => Promise<void> } {
  const env = createTestEnv({ mail: { publicUrl: 'http://localhost', linkKey: LINK_KEY } }, stage.snapshot);
  return { env, remove: () => removeEnv(env) };
}

/** Runs `use` on a fresh copy of the frozen world, then removes the copy. */
export async function onCopy<T>(stage: Stage, use: (env: TestEnv) => Promise<T>): Promise<T> {
  const copy = openCopy(stage);
  try {
    return await use(copy.env);
  } finally {
    await copy.remove();
  }
}

/** The caller's user id; the owner with an expired trial is the owner, their trial moved into the past. */
export async function signIn(env: TestEnv, world: World, caller: CallerName, clientIp?: string): Promise<Caller> {
  if (caller === 'guest') return env.as(null, clientIp);
  if (caller === 'expiredOwner') {
    await moveTrialStart(env.db, world.users.owner, new Date(env.clock.now.getTime() - (env.config.trialMinutes + 1) * 60_000));
    return env.as(world.users.owner, clientIp);
  }
  return env.as(world.users[caller], clientIp);
}

// tRPC keeps a flat record of every procedure by its dotted path; its type is the nested router's.
const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;

/** Every procedure of the app, as 'domain.name', with its type and whether it reads an input. */
export const PROCEDURES = Object.entries(procedures).map(([path, procedure]) => ({
  path,
  type: procedure._def.type,
  takesInput: procedure._def.inputs.length > 0,
}));

/**
 * Calls a procedure by its path. A subscription is only opened (its tier runs) and closed at once.
 */
export async function callPath(caller: Caller, path: string, input: unknown): Promise<unknown> {
  const call = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
  const result = await call(input);
  if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
    await (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().return?.();
    return 'subscribed';
  }
  return result;
}

const productForm = (name: string): ProductFormInput => ({
  name,
  brand: 'Brand',
  descriptionHtml: '<p>Fine.</p>',
  sellingPrice: '12.50',
  stockAmount: '7',
  unit: 'pieces',
});

const couponForm = (code: string) => ({
  code,
  type: 'percent' as const,
  value: '10',
  minOrder: '',
  startsOn: '',
  endsOn: '',
  maxUses: '100',
  oncePerBuyer: true,
  isActive: true,
});

/** A valid input for each procedure that takes one, aimed at the owner's shop, products and orders. */
export function validInputs(world: World): Record<string, unknown> {
  const { product, hiddenProduct, ownerShop, buyerOrder, sliderId, users } = world;
  return {
    'auth.signUp': { fullName: 'New Person', phone: '+15550001234', email: 'new-person@example.test', password: 'password123' },
    'auth.changePassword': { currentPassword: TEST_PASSWORD, newPassword: 'another-password-456' },
    'auth.requestPasswordReset': { email: MARKS.ownerEmail },
    'auth.checkResetToken': { token: world.resetToken },
    'auth.resetPassword': { token: world.resetToken, newPassword: 'reset-password-789' },
    'users.setOrderEmails': { enabled: false },
    'users.setCartReminders': { enabled: false },
    'orderUpdates.check': orderUpdatesLink(LINK_KEY, MARKS.ownerEmail),
    'orderUpdates.set': { ...orderUpdatesLink(LINK_KEY, MARKS.ownerEmail), enabled: false },
    'cartReminders.check': signedLink(LINK_KEY, 'cart-reminders', MARKS.ownerEmail),
    'cartReminders.set': { ...signedLink(LINK_KEY, 'cart-reminders', MARKS.ownerEmail), enabled: false },
    'shops.setEmailNewOrders': { enabled: false },
    'shops.setPolicies': { returnsPolicy: '7-day exchange if unused', deliveryTime: '2-4 working days in Karachi' },
    'admin.resetLink': { userId: users.noRole },
    'users.chooseRole': { role: 'buyer' },
    'users.toggleRole': { role: 'buyer', enabled: true },
    'users.updateProfile': { fullName: 'Renamed Person', phone: '+15550002222', shippingAddress: { address: '3 Road', city: 'Town', postalCode: '123' } },
    'shops.create': { name: 'Second Shop', slug: 'second-shop', whatsappNumber: '+923001234567', currency: 'USD', taxRate: '5' },
    'shops.update': {
      name: 'Renamed Shop',
      whatsappNumber: '+923001234567',
      logoUrl: null,
      profilePictureUrl: null,
      coverImageUrl: null,
    },
    'shops.setDelivery': { fee: '200', freeFrom: '3000', cities: [{ city: 'Lahore', fee: '150', noDelivery: false }, { city: 'Quetta', fee: '', noDelivery: true }] },
    'products.list': {},
    'products.byId': { id: product.id },
    'products.create': productForm('Fresh product'),
    // Stock per variant (issue 19): only the owner edits a product's variants.
    'products.update': {
      id: product.id,
      product: {
        ...productForm('Renamed product'),
        colors: ['#ff0000'],
        sizes: ['M', 'L'],
        stockMode: 'per_variant',
        variants: [
          { color: '#ff0000', size: 'M', stock: '3', price: '14.00', sku: 'W-RM' },
          { color: '#ff0000', size: 'L', stock: '0' },
        ],
      },
    },
    'products.setActive': { id: product.id, active: false },
    'products.delete': { id: product.id },
    'products.discardUnsavedImages': { urls: [world.ownerUpload] },
    'products.dismissImport': { id: world.importId },
    'categories.create': { name: 'Fresh category' },
    'shopOrders.list': {},
    'coupons.create': { coupon: couponForm('FRESH5') },
    'coupons.update': { id: world.couponId, coupon: { ...couponForm('WORLD10'), value: '15' } },
    'coupons.delete': { id: world.couponId },
    'coupons.check': { shopId: ownerShop.id, code: 'world10' },
    'shopOrders.changeStatus': { orderId: buyerOrder.id, status: 'confirmed' },
    'shopOrders.updateShipment': { orderId: world.shippedOrder.id, shipment: { courier: 'Leopards', trackingNumber: 'LE-1' } },
    'shopOrders.blockPhone': { orderId: buyerOrder.id },
    'shopOrders.unblockPhone': { phoneKey: phoneKey(MARKS.guestPhone) },
    'shopOrders.markCashReceived': { orderIds: [world.deliveredOrder.id], receivedOn: world.cashDay, reference: 'TCS-42' },
    'shopOrders.undoCashReceived': { orderId: world.paidOrder.id },
    'shopOrders.packingSlips': { orderIds: [buyerOrder.id, world.guestOrder.id] },
    'catalog.products': {},
    'catalog.product': { slug: product.slug },
    'catalog.shops': {},
    'catalog.shop': { slug: ownerShop.slug },
    'catalog.shopProducts': { shopId: ownerShop.id },
    'catalog.cartLines': { productIds: [product.id, hiddenProduct.id, world.takenDownProduct.id] },
    'reviews.productReviews': { productId: product.id },
    'reviews.shopReviews': { shopId: ownerShop.id },
    'reviews.myProductReview': { productId: product.id },
    'reviews.myShopReview': { shopId: ownerShop.id },
    'reviews.saveProductReview': { productId: product.id, rating: 4, comment: 'Good' },
    'reviews.saveShopReview': { shopId: ownerShop.id, rating: 3, comment: 'Fine' },
    'orders.checkout': {
      items: [
        { productId: product.id, quantity: 1, color: null, size: null },
        { productId: world.dearProduct.id, quantity: 1, color: null, size: null },
      ],
      shipping: SHIPPING,
      coupons: [{ shopId: ownerShop.id, code: 'WORLD10' }],
      attemptKey: 'attempt-key-0123456789',
    },
    'orders.mine': {},
    'orders.cancel': { orderId: buyerOrder.id },
    'orders.track': { email: MARKS.guestEmail },
    'sliders.add': { title: 'Sale', imageUrl: world.adminUpload, redirectUrl: '/browse', displayOrder: 1 },
    'sliders.setActive': { id: sliderId, isActive: false },
    'sliders.setDisplayOrder': { id: sliderId, displayOrder: 3 },
    'sliders.delete': { id: sliderId },
    'settings.save': { name: 'Lahore Bazaar', shortName: 'Bazaar', tagline: '', brandColour: '#1d4ed8', supportWhatsapp: '', contactEmail: '', countryCode: '92' },
    'settings.saveAnnouncement': { text: 'Eid sale', textUr: '', link: '/p/delivery', startsAt: null, endsAt: null },
    'pages.page': { address: 'terms' },
    'pages.get': { id: 2 },
    'pages.create': { title: 'Size guide', address: 'size-guide', text: '## Sizes', titleUr: '', textUr: '', showInFooter: true, published: true },
    'pages.update': { id: 2, title: 'Terms of service', address: 'terms', text: '## Terms', titleUr: '', textUr: '', showInFooter: true, published: true },
    'pages.delete': { id: 3 },
    'admin.users': {},
    'admin.shops': {},
    'admin.products': {},
    'admin.setPro': { userId: users.owner, isPro: true },
    'admin.setAdmin': { userId: users.buyer, isAdmin: true },
    'admin.setShopActive': { id: ownerShop.id, isActive: false },
    'admin.deleteShop': { id: ownerShop.id },
    'admin.setProductActive': { id: product.id, isActive: false },
    'admin.deleteProduct': { id: product.id },
    'admin.orders': { query: MARKS.guestPhone },
    'activity.list': {},
    'reports.submit': { thing: { type: 'product', id: product.id }, reason: 'counterfeit', details: 'Fake', clientKey: 'world-guest-key-0001' },
    'reports.list': { status: 'open' },
    'reports.resolve': { thing: { type: 'product', id: product.id }, action: 'dismiss', note: 'Fine' },
    'reviews.setHidden': { kind: 'product', id: world.productReviewId, hidden: true },
    'admin.suspend': { userId: users.buyer, reason: 'Fake orders' },
    'admin.unsuspend': { userId: world.suspendedUser },
    'reviews.reply': { kind: 'product', id: world.productReviewId, reply: 'Thank you for your order' },
    'staff.invite': { email: 'new-helper@example.test', role: 'orders' },
    'staff.changeRole': { userId: users.staffOrders, role: 'orders_products' },
    'staff.remove': { userId: users.staffOrders },
    'staff.revokeInvitation': { id: world.invitationId },
    'staff.invitation': { token: world.invitationToken },
    'staff.accept': { token: world.invitationToken },
    'backInStock.ask': { productId: world.soldOutProduct.id, color: null, size: null, email: 'waiting-buyer@example.test' },
    'backInStock.check': backInStockLink(LINK_KEY, 'waiting-buyer@example.test'),
    'backInStock.stop': backInStockLink(LINK_KEY, 'waiting-buyer@example.test'),
    'saved.preview': { productIds: [product.id, hiddenProduct.id, world.takenDownProduct.id] },
    'saved.set': { productId: product.id, saved: true },
    'follows.set': { shopId: ownerShop.id, following: true },
    'cart.merge': { lines: [{ productId: product.id, color: null, size: null, quantity: 1 }], coupons: [] },
    'cart.change': { productId: product.id, color: null, size: null, quantity: 2, mode: 'add' },
    'cart.setCoupons': { coupons: [{ shopId: ownerShop.id, code: 'WORLD10', type: 'percent', value: 10, minOrder: null }] },
    'saved.merge': { entries: [{ productId: product.id, price: 1500, currency: 'USD', savedAt: '2026-01-01T00:00:00.000Z' }] },
    'billing.createPlan': { name: 'Yearly', months: 12, price: '15000', currency: 'USD', isActive: true },
    'billing.updatePlan': { id: world.planId, name: 'Monthly', months: 1, price: '1600', currency: 'USD', isActive: true },
    'billing.recordPayment': { shopId: ownerShop.id, planId: world.planId, months: null, amount: '1500', paidOn: world.cashDay, reference: 'EP-2' },
    'billing.undoPayment': { paymentId: world.paymentId, reason: 'Entered twice' },
    'billing.saveSettings': { graceDays: 5, stopOrders: true },
    'commission.setShopRate': { shopId: ownerShop.id, rate: '12.5' },
    'commission.statement': { shopId: ownerShop.id },
    'commission.recordPayment': { shopId: ownerShop.id, amount: '1', paidOn: world.cashDay, reference: 'EP-3' },
  };
}
