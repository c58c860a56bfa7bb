import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOrder, createProduct, createShop, createStaff, createUser, moveTrialStart, type ShopRef } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';

/** A shop's staff (issue 51): invitations, one shop per account, the limit, the roles, who did it. */
let env: TestEnv;
let shop: ShopRef;

beforeEach(async () => {
  env = createTestEnv();
  shop = await createShop(env, { name: "Sara's Boutique" });
});
afterEach(async () => {
  await env.db.destroy();
});

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const DAY = 86_400_000;

async function invite(email: string, role: 'orders' | 'orders_products' = 'orders') {
  return env.as(shop.ownerId).staff.invite({ email, role });
}

/** Everything the staff's tables hold, to show a refusal wrote nothing. */
async function staffState() {
  return {
    staff: await env.db.selectFrom('shop_staff').selectAll().orderBy('id').execute(),
    invitations: await env.db.selectFrom('shop_staff_invitations').selectAll().orderBy('id').execute(),
    log: await countRows(env.db, 'activity_log'),
  };
}

describe('invitations', () => {
  it('a link works once: the invited account joins with its role, a second use is refused', async () => {
    const ali = await createUser(env, { email: 'ali@example.test', fullName: 'Ali' });
    const { url, expiresAt } = await invite('Ali@Example.test', 'orders');
    expect(url).toMatch(/^http:\/\/localhost:3000\/join-shop\?token=[\w-]{43}$/);
    expect(expiresAt).toBe(new Date(env.clock.now.getTime() + 7 * DAY).toISOString());
    // Only the token's hash is kept.
    const stored = await env.db.selectFrom('shop_staff_invitations').select(['token_hash', 'email']).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: 'ali@example.test' });
    expect(stored.token_hash).not.toContain(tokenOf(url));
    expect(await env.as(null).staff.invitation({ token: tokenOf(url) })).toEqual({ shopName: "Sara's Boutique", role: 'orders', email: 'ali@example.test' });

    expect(await env.as(ali).staff.accept({ token: tokenOf(url) })).toEqual({ shopName: "Sara's Boutique", role: 'orders' });
    const before = await staffState();
    await expect(env.as(ali).staff.accept({ token: tokenOf(url) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'This invitation has already been used.' });
    await expect(env.as(null).staff.invitation({ token: tokenOf(url) })).rejects.toMatchObject({ message: 'This invitation has already been used.' });
    expect(await staffState()).toEqual(before);
    const list = await env.as(shop.ownerId).staff.list();
    expect(list.members).toEqual([expect.objectContaining({ userId: ali, name: 'Ali', email: 'ali@example.test', role: 'orders' })]);
    expect(list.invitations).toEqual([]);
  });

  it('a link is refused after 7 days, when tampered with, and to another account; nothing is written', async () => {
    const ali = await createUser(env, { email: 'ali@example.test' });
    const someoneElse = await createUser(env, { email: 'someone@example.test' });
    const { url } = await invite('ali@example.test');
    const token = tokenOf(url);
    const before = await staffState();
    await expect(env.as(someoneElse).staff.accept({ token })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'This invitation is for another email address. Sign in with the email it was sent to.',
    });
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    await expect(env.as(ali).staff.accept({ token: tampered })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'This invitation link is not valid.' });
    await expect(env.as(ali).staff.accept({ token: '' })).rejects.toMatchObject({ message: 'This invitation link is not valid.' });
    env.clock.now = new Date(env.clock.now.getTime() + 7 * DAY);
    await expect(env.as(ali).staff.accept({ token })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'This invitation has expired. Ask the shop for a new link.' });
    expect(await staffState()).toEqual(before);
    // A minute before the end it still works.
    env.clock.now = new Date(env.clock.now.getTime() - 60_000);
    await env.as(ali).staff.accept({ token });
    expect(await countRows(env.db, 'shop_staff')).toBe(1);
  });

  it('a new invitation of the same email replaces the old link; the owner can take one back', async () => {
    const first = await invite('ali@example.test');
    const second = await invite('ali@example.test', 'orders_products');
    const ali = await createUser(env, { email: 'ali@example.test' });
    await expect(env.as(ali).staff.accept({ token: tokenOf(first.url) })).rejects.toMatchObject({ message: 'This invitation link is not valid.' });
    const [open] = (await env.as(shop.ownerId).staff.list()).invitations;
    expect(open).toMatchObject({ email: 'ali@example.test', role: 'orders_products' });
    await env.as(shop.ownerId).staff.revokeInvitation({ id: open!.id });
    await expect(env.as(ali).staff.accept({ token: tokenOf(second.url) })).rejects.toMatchObject({ message: 'This invitation link is not valid.' });
  });
});

describe('one shop per account', () => {
  it('refuses to invite an owner, a helper of another shop or of this one, and to accept as one', async () => {
    const rival = await createShop(env);
    const rivalOwnerEmail = (await env.db.selectFrom('users').select('email').where('id', '=', rival.ownerId).executeTakeFirstOrThrow()).email;
    const elsewhere = await createStaff(env, rival, { email: 'elsewhere@example.test' });
    const here = await createStaff(env, shop, { email: 'here@example.test' });
    const ownerEmail = (await env.db.selectFrom('users').select('email').where('id', '=', shop.ownerId).executeTakeFirstOrThrow()).email;
    const before = await staffState();
    await expect(invite(rivalOwnerEmail)).rejects.toMatchObject({ code: 'CONFLICT', message: 'This email already owns a shop. An account can own a shop or help one, not both.' });
    await expect(invite(ownerEmail)).rejects.toMatchObject({ code: 'CONFLICT', message: 'This email already owns a shop. An account can own a shop or help one, not both.' });
    await expect(invite('elsewhere@example.test')).rejects.toMatchObject({ code: 'CONFLICT', message: 'This email is already staff of another shop.' });
    await expect(invite('here@example.test')).rejects.toMatchObject({ code: 'CONFLICT', message: 'This email is already on your staff.' });
    await expect(invite('not an email')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid email address' });
    expect(await staffState()).toEqual(before);

    // A helper cannot open a shop of their own.
    await env.as(here).users.toggleRole({ role: 'shopkeeper', enabled: true });
    await expect(
      env.as(here).shops.create({ name: 'Mine', slug: 'mine-too', whatsappNumber: '+923001234567', currency: 'PKR', taxRate: '0' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'You are staff of a shop. An account can own a shop or help one, not both.' });

    // An account that opened a shop after being invited cannot accept.
    const late = await createUser(env, { email: 'late@example.test', roles: ['shopkeeper'] });
    const { url } = await invite('late@example.test');
    await createShop(env, { owner: late });
    await expect(env.as(late).staff.accept({ token: tokenOf(url) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This account already owns a shop. An account can own a shop or help one, not both.',
    });
    expect(elsewhere).toBeGreaterThan(0);
  });

  it('refuses an 11th member, open invitations counted, with nothing written', async () => {
    for (let i = 1; i <= 6; i += 1) await createStaff(env, shop, { email: `member${i}@example.test` });
    for (let i = 1; i <= 4; i += 1) await invite(`open${i}@example.test`);
    const before = await staffState();
    await expect(invite('eleventh@example.test')).rejects.toMatchObject({ code: 'CONFLICT', message: 'A shop can have at most 10 staff.' });
    expect(await staffState()).toEqual(before);
    // Inviting an open invitation's email again replaces it: still ten.
    await invite('open1@example.test', 'orders_products');
  });
});

describe("the owner's list", () => {
  it('changes a role and removes a helper; the owner cannot remove themselves; each is logged by who did it', async () => {
    const ali = await createStaff(env, shop, { fullName: 'Ali', role: 'orders' });
    const owner = env.as(shop.ownerId);
    await expect(owner.staff.remove({ userId: shop.ownerId })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'You own this shop: you cannot remove yourself or change your role.' });
    await expect(owner.staff.changeRole({ userId: shop.ownerId, role: 'orders' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(owner.staff.remove({ userId: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Staff member not found' });

    await expect(env.as(ali).products.list({})).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Your role in this shop does not include products' });
    await owner.staff.changeRole({ userId: ali, role: 'orders_products' });
    expect((await env.as(ali).products.list({})).items).toEqual([]);
    await owner.staff.remove({ userId: ali });
    await expect(env.as(ali).shopOrders.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Once removed, the account may be invited by another shop, or open its own.
    const log = await env.db.selectFrom('activity_log').select(['action', 'actor_name', 'actor_role', 'shop_id']).orderBy('id').execute();
    expect(log.map((entry) => [entry.action, entry.actor_role, entry.shop_id])).toEqual([
      ['staff.invited', 'owner', shop.id],
      ['staff.joined', 'staff', shop.id],
      ['staff.role_changed', 'owner', shop.id],
      ['staff.removed', 'owner', shop.id],
    ]);
    expect(log[1]!.actor_name).toBe('Ali');
  });
});

describe('what staff may do', () => {
  it("refuses the owner's procedures with the owner's message, and lets staff handle orders: the timeline names them", async () => {
    const product = await createProduct(env, shop, { stock: 5 });
    const order = await createOrder(env, product);
    const ali = await createStaff(env, shop, { fullName: 'Ali', role: 'orders' });
    const helper = env.as(ali);
    const owner = "Only the shop's owner can do that";
    await expect(helper.shops.update({ name: 'Mine now', whatsappNumber: '+923001234567', logoUrl: null, profilePictureUrl: null, coverImageUrl: null })).rejects.toMatchObject({ code: 'FORBIDDEN', message: owner });
    await expect(helper.shopOrders.cashSummary()).rejects.toMatchObject({ code: 'FORBIDDEN', message: owner });
    await expect(helper.coupons.list()).rejects.toMatchObject({ code: 'FORBIDDEN', message: owner });
    await expect(helper.staff.list()).rejects.toMatchObject({ code: 'FORBIDDEN', message: owner });
    await expect(helper.products.delete({ id: product.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: owner });

    await helper.shopOrders.changeStatus({ orderId: order.id, status: 'confirmed' });
    await helper.shopOrders.changeStatus({ orderId: order.id, status: 'shipped', shipment: { courier: 'TCS', trackingNumber: 'T-1' } });
    const [seen] = (await env.as(shop.ownerId).shopOrders.list({})).items;
    expect(seen!.history.slice(1).map((h) => [h.status, h.by])).toEqual([
      ['confirmed', 'Ali'],
      ['shipped', 'Ali'],
    ]);
    // The buyer's view does not name the shop's people.
    expect(JSON.stringify(await env.as(null).orders.track({ orderNumber: order.orderNumber, email: '' }))).not.toContain('Ali');
  });

  it("follows the shop's trial: after the owner's trial ends a helper may read but not write", async () => {
    const order = await createOrder(env, await createProduct(env, shop, { stock: 5 }));
    const ali = await createStaff(env, shop, { role: 'orders_products' });
    await moveTrialStart(env.db, shop.ownerId, new Date(env.clock.now.getTime() - (env.config.trialMinutes + 1) * 60_000));
    await expect(env.as(ali).shopOrders.changeStatus({ orderId: order.id, status: 'confirmed' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your 10-minute free trial has expired.',
    });
    expect((await env.as(ali).shopOrders.list({})).total).toBe(1);
    expect(await env.as(ali).auth.me()).toMatchObject({ shopRole: 'orders_products', trialExpired: true, shop: { id: shop.id } });
  });

  it("notes a helper's last activity at most once an hour", async () => {
    const joinedAt = env.clock.now;
    const ali = await createStaff(env, shop);
    const lastActive = async () => (await env.as(shop.ownerId).staff.list()).members[0]!.lastActiveAt;
    env.clock.now = new Date(joinedAt.getTime() + 30 * 60_000);
    await env.as(ali).shopOrders.list({});
    expect(await lastActive()).toBe(joinedAt.toISOString());
    env.clock.now = new Date(joinedAt.getTime() + 61 * 60_000);
    await env.as(ali).shopOrders.list({});
    expect(await lastActive()).toBe(env.clock.now.toISOString());
  });
});
